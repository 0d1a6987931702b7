export declare function healthCheck(): string;
