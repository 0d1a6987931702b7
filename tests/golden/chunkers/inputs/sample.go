// Package ratelimit implements a token bucket rate limiter for HTTP handlers.
package ratelimit

import (
	"net/http"
	"sync"
	"time"
)

// DefaultBurst is the number of requests a client may send at once.
const DefaultBurst = 20

// Limiter hands out tokens to clients identified by their address.
type Limiter struct {
	mu      sync.Mutex
	rate    float64
	burst   int
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

// Store persists buckets between restarts.
type Store interface {
	Load(key string) (*bucket, bool)
	Save(key string, b *bucket)
}

// New returns a limiter allowing rate requests per second with the given burst.
func New(rate float64, burst int) *Limiter {
	return &Limiter{rate: rate, burst: burst, buckets: make(map[string]*bucket)}
}

// Allow reports whether the client may make one more request now, refilling its bucket.
func (l *Limiter) Allow(client string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[client]
	now := time.Now()
	if !ok {
		b = &bucket{tokens: float64(l.burst), last: now}
		l.buckets[client] = b
	}
	b.tokens += now.Sub(b.last).Seconds() * l.rate
	if b.tokens > float64(l.burst) {
		b.tokens = float64(l.burst)
	}
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// Middleware rejects requests over the limit with 429 Too Many Requests.
func (l *Limiter) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !l.Allow(r.RemoteAddr) {
			http.Error(w, "rate limit exceeded", http.StatusTooManyRequests)
			return
		}
		next.ServeHTTP(w, r)
	})
}
