/* A set of exact keys for the beam (_beam.c): its positions kept over the whole
 * search, and those offered in one layer (cleared every layer). Unlike the
 * proof's set (_seen.h) it is small and built for speed: 8-byte slots, half
 * of them hash. */
#ifndef FREECELL_KEYSET_H
#define FREECELL_KEYSET_H
#include "_state.h"
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#endif

/* Room for ``need`` elements of ``elem`` bytes in *p (capacity *cap, doubled as
 * needed): 0, or -1 without memory (*p unchanged). */
static int grow(void **p, size_t *cap, size_t need, size_t elem) {
    if (need <= *cap) return 0;
    size_t c = *cap ? *cap : 64;
    while (c < need) c *= 2;
    void *q = realloc(*p, c * elem);
    if (!q) return -1;
    *p = q;
    *cap = c;
    return 0;
}

typedef struct {
    uint8_t *keys; /* count * KEYLEN */
    size_t count, cap;
    uint64_t *slot;
    size_t mask;
} KeySet;

/* A slot holds the key's index + 1 (0: empty) and, above it, the high half of
 * its hash: a probe that meets another key almost never reads that key (a
 * cache miss the look-ups of a beam spend most of their time on otherwise). */
#define KS_TAG(h) ((h) & 0xffffffff00000000ull)

static int ks_init(KeySet *s, size_t size) {
    s->slot = calloc(size, sizeof *s->slot);
    if (!s->slot) return -1;
    s->mask = size - 1;
    return 0;
}

static void ks_free(KeySet *s) {
    free(s->keys);
    free(s->slot);
    memset(s, 0, sizeof *s);
}

static void ks_clear(KeySet *s) {
    memset(s->slot, 0, (s->mask + 1) * sizeof *s->slot);
    s->count = 0;
}

static inline void ks_prefetch(const KeySet *s, uint64_t h) { PREFETCH(&s->slot[(size_t)h & s->mask]); }

static inline int ks_has(const KeySet *s, const uint8_t *key, uint64_t h) {
    size_t p = (size_t)h & s->mask;
    uint64_t tag = KS_TAG(h);
    for (;;) {
        uint64_t v = s->slot[p];
        if (!v) return 0;
        if ((v & ~0xffffffffull) == tag && same_key(s->keys + (size_t)((uint32_t)v - 1) * KEYLEN, key)) return 1;
        p = (p + 1) & s->mask;
    }
}

/* Adds a key known not to be there: 0, or -1 (memory). */
static int ks_add(KeySet *s, const uint8_t *key, uint64_t h) {
    if (s->count >= 0xfffffffeu) return -1;
    if ((s->count + 1) * 2 > s->mask + 1) {
        size_t size = (s->mask + 1) * 2;
        uint64_t *slot = calloc(size, sizeof *slot);
        if (!slot) return -1;
        for (size_t i = 0; i < s->count; i++) {
            uint64_t hi = hash_key(s->keys + i * KEYLEN);
            size_t p = (size_t)hi & (size - 1);
            while (slot[p]) p = (p + 1) & (size - 1);
            slot[p] = KS_TAG(hi) | (uint64_t)(i + 1);
        }
        free(s->slot);
        s->slot = slot;
        s->mask = size - 1;
    }
    if (grow((void **)&s->keys, &s->cap, s->count + 1, KEYLEN) < 0) return -1;
    memcpy(s->keys + s->count * KEYLEN, key, KEYLEN);
    size_t p = (size_t)h & s->mask;
    while (s->slot[p]) p = (p + 1) & s->mask;
    s->slot[p] = KS_TAG(h) | (uint64_t)++s->count;
    return 0;
}

#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
#endif
