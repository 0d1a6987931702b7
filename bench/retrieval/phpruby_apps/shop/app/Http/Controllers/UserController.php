<?php

namespace App\Http\Controllers;

use App\Models\User;
use Illuminate\Http\JsonResponse;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\Hash;

/**
 * Customer accounts: listing, showing, registering and deactivating users.
 */
class UserController extends Controller
{
    /**
     * List the active users, newest first, fifty to a page.
     */
    public function index(Request $request): JsonResponse
    {
        $users = User::query()
            ->where('active', true)
            ->orderByDesc('created_at')
            ->paginate(50);

        return response()->json($users);
    }

    /**
     * Show one user with their last ten orders.
     */
    public function show(User $user): JsonResponse
    {
        $user->load(['orders' => fn ($q) => $q->latest()->limit(10)]);

        return response()->json($user);
    }

    /**
     * Register a new customer account and hash the password.
     */
    public function store(Request $request): JsonResponse
    {
        $data = $request->validate([
            'name' => 'required|string|max:255',
            'email' => 'required|email|unique:users',
            'password' => 'required|min:12|confirmed',
        ]);
        $data['password'] = Hash::make($data['password']);

        return response()->json(User::create($data), 201);
    }

    /**
     * Deactivate an account instead of deleting it, so its orders stay.
     */
    public function destroy(User $user): JsonResponse
    {
        $user->update(['active' => false]);

        return response()->json(null, 204);
    }
}
