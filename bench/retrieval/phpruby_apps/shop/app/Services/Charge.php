<?php

namespace App\Services;

final readonly class Charge
{
    public function __construct(
        public ?string $id,
        public bool $succeeded,
        public string $message,
    ) {
    }
}
