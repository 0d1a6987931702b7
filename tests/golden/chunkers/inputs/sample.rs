//! A small in-memory key-value cache with time-based expiry.

use std::collections::HashMap;
use std::time::{Duration, Instant};

/// How long an entry lives when no TTL is given.
pub const DEFAULT_TTL: Duration = Duration::from_secs(300);

/// Errors returned by the cache.
#[derive(Debug, PartialEq)]
pub enum CacheError {
    /// The key is not present or has expired.
    Missing(String),
    /// The cache is full and nothing could be evicted.
    Full,
}

pub type CacheResult<T> = Result<T, CacheError>;

/// Anything that can report the current time; lets tests control the clock.
pub trait Clock {
    fn now(&self) -> Instant;
}

#[derive(Debug)]
struct Entry<V> {
    value: V,
    expires_at: Instant,
}

/// A cache that forgets entries once their time to live has passed.
pub struct TtlCache<V> {
    entries: HashMap<String, Entry<V>>,
    capacity: usize,
}

impl<V: Clone> TtlCache<V> {
    /// Create an empty cache holding at most `capacity` entries.
    pub fn new(capacity: usize) -> Self {
        TtlCache { entries: HashMap::new(), capacity }
    }

    /// Insert a value that expires after `ttl`, evicting expired entries when full.
    pub fn insert(&mut self, key: &str, value: V, ttl: Duration) -> CacheResult<()> {
        if self.entries.len() >= self.capacity {
            let now = Instant::now();
            self.entries.retain(|_, e| e.expires_at > now);
            if self.entries.len() >= self.capacity {
                return Err(CacheError::Full);
            }
        }
        let expires_at = Instant::now() + ttl;
        self.entries.insert(key.to_string(), Entry { value, expires_at });
        Ok(())
    }

    /// The value stored under `key` if it has not expired yet.
    pub fn get(&self, key: &str) -> CacheResult<V> {
        match self.entries.get(key) {
            Some(e) if e.expires_at > Instant::now() => Ok(e.value.clone()),
            _ => Err(CacheError::Missing(key.to_string())),
        }
    }
}

macro_rules! cache_key {
    ($($part:expr),*) => { vec![$($part.to_string()),*].join(":") };
}
