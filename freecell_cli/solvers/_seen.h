/* The complete search's set of positions seen (_core.c): every position a
 * proof meets, by its exact key, in as little memory as a look-up that stays
 * fast allows (44-46 bytes a position). Hundreds of millions of positions fit;
 * nothing is ever removed. (The beam's sets, in _beam.c, are small and cleared
 * every layer: they trade memory for speed the other way.) */
#ifndef FREECELL_SEEN_H
#define FREECELL_SEEN_H
#include "_state.h"
#ifdef __linux__
#include <sys/mman.h>
#endif
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#endif

/* The big arrays (keys, table) on huge pages where Linux offers them: the
 * look-ups land anywhere in them, and with 4 KB pages most would also miss the
 * TLB. Zeroed, like calloc. Elsewhere plain calloc/realloc. */
#ifdef __linux__
static void *huge(void *p, size_t size) {
    if (p == MAP_FAILED) return NULL;
#ifdef MADV_HUGEPAGE
    madvise(p, size, MADV_HUGEPAGE);
#endif
    return p;
}
#endif

static void *big_alloc(size_t size) {
#ifdef __linux__
    return huge(mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), size);
#else
    return calloc(1, size);
#endif
}

static void *big_realloc(void *old, size_t old_size, size_t size) {
#ifdef __linux__
    if (!old) return big_alloc(size);
    return huge(mremap(old, old_size, size, MREMAP_MAYMOVE), size);
#else
    (void)old_size;
    return realloc(old, size);
#endif
}

static void big_free(void *p, size_t size) {
    if (!p) return;
#ifdef __linux__
    munmap(p, size);
#else
    (void)size;
    free(p);
#endif
}

/* -- the set of positions seen: exact keys in one array, a table of indices --
 * A slot is 4 bytes: the key's index + 1 (0 empty) and, in the bits the index
 * does not need yet, bits of its hash: a probe past a different key then seldom
 * reads that key (a cache miss). The index takes as many bits as the table's
 * size needs (at most 29), so a small table holds many bits of hash and the
 * largest still 3 (7 in 8 such probes spared). */
#ifndef LOAD
#define LOAD 85 /* percent */
#endif
#ifndef GROW
#define GROW 3 /* halves */
#endif
#define IDX_BITS 29 /* at most: 536,870,910 positions (some 26 GB) */
#define MAX_STORED ((1u << IDX_BITS) - 2)
#ifndef RECENT_BITS
#define RECENT_BITS 12
#endif
typedef struct {
    uint8_t *keys; /* count * KEYLEN bytes */
    size_t count, cap_keys;
    uint32_t *slot;
    size_t size; /* slots */
    int idx_bits; /* of a slot's 32: the index's */
    uint32_t idx_mask;
    /* A small cache of the keys met lately, by their hash (all of them in the
     * set): most positions met again were met a moment ago, and this finds them
     * without the table's probe, their key still near at hand. Each entry is a
     * key's index + 1 (0: none), 16 KB in all. */
    uint32_t *recent;
} Seen;
/* The set works on 32 bits of a key's hash (seen_hash): the slot from the whole
 * (multiplied out to the table's size), the tag and the cache from low bits. */
static inline uint32_t seen_hash(const uint8_t *key) {
    uint64_t h = hash_key(key);
    return (uint32_t)(h ^ (h >> 32));
}
static inline uint32_t seen_hash_words(const Words *k) {
    uint64_t h = hash_words(k->w);
    return (uint32_t)(h ^ (h >> 32));
}
#define RECENT_OF(h) ((size_t)((h) >> 3) & ((1u << RECENT_BITS) - 1))

static inline size_t slot_of(uint32_t h, size_t size) {
    return (size_t)(((uint64_t)h * (uint64_t)size) >> 32);
}
/* The tag: the hash's low bits (the slot comes from its high ones), above the index. */
#define TAG(s, h) ((uint32_t)(h) << (s)->idx_bits)

static int seen_resize(Seen *s, size_t size) {
    uint32_t *slot = big_alloc(size * sizeof *slot);
    if (!slot) return -1;
    /* The table grows before the keys reach its size: an index below it fits. */
    int bits = 1;
    while (bits < IDX_BITS && ((size_t)1 << bits) <= size) bits++;
    s->idx_bits = bits;
    s->idx_mask = (uint32_t)(((uint64_t)1 << bits) - 1);
    uint32_t hs[16];
    /* The keys in order, read once in sequence; their slots are fetched 16 at a
     * time ahead of the writes, which would each wait on memory otherwise. */
    for (size_t i = 0; i < s->count; i += 16) {
        size_t nb = s->count - i < 16 ? s->count - i : 16;
        for (size_t j = 0; j < nb; j++) {
            hs[j] = seen_hash(s->keys + (i + j) * KEYLEN);
            PREFETCH(slot + slot_of(hs[j], size));
        }
        for (size_t j = 0; j < nb; j++) {
            size_t p = slot_of(hs[j], size);
            while (slot[p]) p = p + 1 == size ? 0 : p + 1;
            slot[p] = TAG(s, hs[j]) | (uint32_t)(i + j + 1);
        }
    }
    big_free(s->slot, s->size * sizeof *slot);
    s->slot = slot;
    s->size = size;
    return 0;
}

/* The bytes of an array of n keys: a key is stored with a word's write, which
 * may run a byte past the last one. */
#define KEYS_SIZE(n) ((n) * KEYLEN + 8)

/* Room for ``cap`` keys (0, or -1 without memory). */
static int seen_reserve(Seen *s, size_t cap) {
    if (cap <= s->cap_keys) return 0;
    uint8_t *keys = big_realloc(s->keys, KEYS_SIZE(s->cap_keys), KEYS_SIZE(cap));
    if (!keys) return -1;
    s->keys = keys;
    s->cap_keys = cap;
    return 0;
}

/* Fetches the key the first slot of hash ``h`` points to when its tag matches
 * (the key a look-up would compare). */
static inline void seen_prefetch_key(const Seen *s, uint32_t h) {
    if (!h) return;
    uint32_t v = s->slot[slot_of(h, s->size)];
    if (v && (v & ~s->idx_mask) == TAG(s, h)) PREFETCH(s->keys + (size_t)((v & s->idx_mask) - 1) * KEYLEN);
}

/* Adds ``k``, a key held in words (_state.h), whose hash is ``h``: 1 added, 0
 * there already, -1 no room (memory, or the most keys a slot can index). A key
 * met again is most often one met a moment ago: the small cache answers first.
 * Inlined where it is called: the key's words then stay in registers. */
static ALWAYS_INLINE int seen_add_words(Seen *s, const Words *k, uint32_t h) {
    uint32_t t = TAG(s, h), mask = s->idx_mask;
    uint32_t *near = s->recent + RECENT_OF(h), r = *near;
    if (r && same_words(s->keys + (size_t)(r - 1) * KEYLEN, k)) return 0;
    size_t p = slot_of(h, s->size);
    for (;;) {
        uint32_t v = s->slot[p];
        if (!v) break;
        if ((v & ~mask) == t && same_words(s->keys + (size_t)((v & mask) - 1) * KEYLEN, k)) {
            *near = v & mask;
            return 0;
        }
        p = p + 1 == s->size ? 0 : p + 1;
    }
    if (s->count >= MAX_STORED) return -1;
    if (s->count == s->cap_keys && seen_reserve(s, s->cap_keys + s->cap_keys / 2 + 4096) < 0) return -1;
    words_store(k, s->keys + s->count * KEYLEN);
    s->count++;
    s->slot[p] = TAG(s, h) | (uint32_t)s->count;
    *near = (uint32_t)s->count;
    if (s->count * 100 > s->size * LOAD) {
        if (seen_resize(s, s->size * GROW / 2) < 0) return -1;
    }
    return 1;
}

/* seen_add_words for packed ``key``. */
static int seen_add(Seen *s, const uint8_t *key, uint32_t h) {
    Words k;
    words_of(&k, key);
    return seen_add_words(s, &k, h);
}

/* The index of ``key`` (hash ``h``) + 1, or 0 when it is not in the set (then
 * *slot_at is the empty slot where seen_put puts it). No recent-key cache: the
 * caller needs the index. */
static inline uint32_t seen_find(const Seen *s, const uint8_t *key, uint32_t h, size_t *slot_at) {
    uint32_t t = TAG(s, h), mask = s->idx_mask;
    size_t p = slot_of(h, s->size);
    for (;;) {
        uint32_t v = s->slot[p];
        if (!v) break;
        if ((v & ~mask) == t && same_key(s->keys + (size_t)((v & mask) - 1) * KEYLEN, key)) return v & mask;
        p = p + 1 == s->size ? 0 : p + 1;
    }
    *slot_at = p;
    return 0;
}

/* Puts a key seen_find did not find at the slot it gave: its index + 1, or 0
 * (no room: memory, or the most keys a slot can index). */
static uint32_t seen_put(Seen *s, const uint8_t *key, uint32_t h, size_t p) {
    if (s->count >= MAX_STORED) return 0;
    if (s->count == s->cap_keys && seen_reserve(s, s->cap_keys + s->cap_keys / 2 + 4096) < 0) return 0;
    memcpy(s->keys + s->count * KEYLEN, key, KEYLEN);
    s->count++;
    s->slot[p] = TAG(s, h) | (uint32_t)s->count;
    if (s->count * 100 > s->size * LOAD && seen_resize(s, s->size * GROW / 2) < 0) return 0;
    return (uint32_t)s->count;
}

static void seen_free(Seen *s) {
    free(s->recent);
    big_free(s->keys, KEYS_SIZE(s->cap_keys));
    big_free(s->slot, s->size * sizeof *s->slot);
    memset(s, 0, sizeof *s);
}

#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
#endif
