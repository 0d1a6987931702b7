<!DOCTYPE html>
<html lang="{{ str_replace('_', '-', app()->getLocale()) }}">
<head>
    <meta charset="utf-8">
    <title>@yield('title', config('app.name'))</title>
    @vite(['resources/css/app.css', 'resources/js/app.js'])
</head>
<body>
    <nav class="navbar">
        <a href="{{ route('orders.index') }}">My orders</a>
        @auth
            <form method="POST" action="{{ route('logout') }}">@csrf <button>Sign out</button></form>
        @endauth
    </nav>
    <main>
        @yield('content')
    </main>
</body>
</html>
