/* ring_buffer.c - a fixed-size byte ring buffer for serial input. */
#include <stdlib.h>
#include <string.h>

#define RING_CAPACITY 256

/* A circular buffer of bytes; head is the next write, tail the next read. */
struct ring_buffer {
    unsigned char data[RING_CAPACITY];
    size_t head;
    size_t tail;
    size_t count;
};

typedef struct ring_buffer ring_buffer_t;

enum ring_status { RING_OK = 0, RING_FULL = 1, RING_EMPTY = 2 };

/* Allocate an empty ring buffer; returns NULL when out of memory. */
ring_buffer_t *ring_create(void)
{
    ring_buffer_t *rb = malloc(sizeof(*rb));
    if (rb != NULL) {
        memset(rb, 0, sizeof(*rb));
    }
    return rb;
}

/* Append one byte; fails with RING_FULL when no space is left. */
enum ring_status ring_push(ring_buffer_t *rb, unsigned char byte)
{
    if (rb->count == RING_CAPACITY) {
        return RING_FULL;
    }
    rb->data[rb->head] = byte;
    rb->head = (rb->head + 1) % RING_CAPACITY;
    rb->count++;
    return RING_OK;
}

/* Remove the oldest byte into *out; fails with RING_EMPTY when nothing is buffered. */
enum ring_status ring_pop(ring_buffer_t *rb, unsigned char *out)
{
    if (rb->count == 0) {
        return RING_EMPTY;
    }
    *out = rb->data[rb->tail];
    rb->tail = (rb->tail + 1) % RING_CAPACITY;
    rb->count--;
    return RING_OK;
}
