<?php

declare(strict_types=1);

namespace App\Mail;

use InvalidArgumentException;

interface Transport
{
    public function send(string $to, string $subject, string $body): bool;
}

/**
 * Sends newsletters to subscribers in batches so the mail server is not flooded.
 */
final class NewsletterSender
{
    private const BATCH_SIZE = 50;

    public function __construct(private Transport $transport)
    {
    }

    /**
     * Send the newsletter to every address; returns how many were accepted.
     */
    public function sendToAll(array $addresses, string $subject, string $body): int
    {
        $sent = 0;
        foreach (array_chunk($addresses, self::BATCH_SIZE) as $batch) {
            foreach ($batch as $address) {
                if ($this->transport->send($address, $subject, $body)) {
                    $sent++;
                }
            }
            usleep(200000);
        }
        return $sent;
    }
}

function validate_email(string $address): string
{
    if (!filter_var($address, FILTER_VALIDATE_EMAIL)) {
        throw new InvalidArgumentException("not an email address: $address");
    }
    return strtolower($address);
}
