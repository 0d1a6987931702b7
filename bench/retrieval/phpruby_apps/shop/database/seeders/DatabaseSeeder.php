<?php

namespace Database\Seeders;

use App\Models\Order;
use App\Models\User;
use Illuminate\Database\Seeder;

class DatabaseSeeder extends Seeder
{
    /**
     * Seed ten customers with three orders each.
     */
    public function run(): void
    {
        User::factory(10)->has(Order::factory()->count(3))->create();
    }
}
