<?php

namespace Illuminate\Support;

use Ramsey\Uuid\Uuid;

class Str
{
    /**
     * Generate a URL friendly "slug" from a given string.
     */
    public static function slug($title, $separator = '-', $language = 'en')
    {
        $title = preg_replace('![^'.preg_quote($separator).'\pL\pN\s]+!u', '', mb_strtolower($title, 'UTF-8'));

        return trim(preg_replace('!['.preg_quote($separator).'\s]+!u', $separator, $title), $separator);
    }

    /**
     * Generate a UUID (version 4).
     */
    public static function uuid()
    {
        return Uuid::uuid4();
    }
}
