/* The compiled core of the complete search (solvers/prove.py), optional.
 *
 * It does exactly what prove._depth_first does in Python, position for position:
 * the same moves in the same order, the same safe moves home, the same columns
 * kept sorted by their bottom card, the same move straight back left out, so it
 * explores the same positions and counts them alike (tests/test_core.py compares
 * the two). The Python module is the specification; this file is its speed.
 *
 * What makes it small: a position is stored by an exact canonical key of 39
 * bytes, for each card what it lies on (home, a free cell, the table, or which
 * card) in 6 bits. That key ignores the order of columns and of free cells by
 * construction, and two positions share it only when they are the same position:
 * no hash-only set, nothing lossy. Keys live in one array; the hash table holds
 * 4-byte indices into it and a byte of each key's hash (most probes that miss
 * never read a key). At most 85% full and grown by half, the table costs 6-9
 * bytes a position: 45-48 in all.
 *
 * Everything it is given is checked (a whole deck, card codes, sizes): bad input
 * is a ValueError, never a crash.
 */
#define PY_SSIZE_T_CLEAN
#ifdef __linux__
#define _GNU_SOURCE /* mremap */
#endif
#include <Python.h>
#include <stdint.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#define MAXCOLS 9
#define MAXCELLS 15
#define NCARDS 52
#define KEYLEN 39 /* 52 cards x 6 bits */

enum { HOME_COL, HOME_CELL, CELL_TO_COL, COL_TO_COL, COL_TO_CELL }; /* as state.py's kinds */

typedef uint32_t Move; /* kind << 24 | a << 16 | b << 8 | n */
#define MOVE(k, a, b, n) (((uint32_t)(k) << 24) | ((uint32_t)(a) << 16) | ((uint32_t)(b) << 8) | (uint32_t)(n))
#define KIND(m) ((int)((m) >> 24))
#define MA(m) ((int)(((m) >> 16) & 0xff))
#define MB(m) ((int)(((m) >> 8) & 0xff))
#define MN(m) ((int)((m)&0xff))
#define NO_MOVE 0xffffffffu

/* card code = rank index * 4 + suit (C D H S), as the Microsoft deck */
#define RANKI(c) ((c) >> 2)
#define SUIT(c) ((c)&3)
static int RED[NCARDS];
#define NONE NCARDS /* no card: top_at[NONE] is always -1 */
static uint8_t FITS[NCARDS][NCARDS]; /* FITS[a][b]: a may lie on b */
static uint8_t ONTO[NCARDS][2];      /* the two cards a card may lie on (ascending), NONE */
static const int OPP[4][2] = {{1, 2}, {0, 3}, {0, 3}, {1, 2}};

static void init_tables(void) {
    for (int c = 0; c < NCARDS; c++) RED[c] = (SUIT(c) == 1 || SUIT(c) == 2);
    for (int a = 0; a < NCARDS; a++) {
        int k = 0;
        ONTO[a][0] = ONTO[a][1] = NONE;
        for (int b = 0; b < NCARDS; b++) {
            FITS[a][b] = (RANKI(b) == RANKI(a) + 1) && RED[a] != RED[b];
            if (FITS[a][b] && k < 2) ONTO[a][k++] = (uint8_t)b;
        }
    }
}

/* The table's cards one column after another (column 0 first): a position in
 * 91 bytes, so the search's stack stays small beside the positions it stores. */
typedef struct {
    uint8_t len[MAXCOLS];
    uint8_t off[MAXCOLS]; /* where each column starts in cards */
    uint8_t run[MAXCOLS]; /* the length of each column's movable run */
    uint8_t ncell;
    uint8_t found[4];
    uint8_t cell[MAXCELLS + 1]; /* sorted ascending */
    uint8_t cards[NCARDS];
} State;
#define COL(st, i) ((st)->cards + (st)->off[i])
#define TOP(st, i) ((st)->cards[(st)->off[i] + (st)->len[i] - 1])

static inline int run_length(const uint8_t *col, int len) {
    if (!len) return 0;
    int n = 1;
    while (n < len && FITS[col[len - n]][col[len - n - 1]]) n++;
    return n;
}

/* The top n cards of column a go (the columns after it move down). */
static inline void take(State *st, int ncols, int a, int n) {
    int end = st->off[a] + st->len[a], total = st->off[ncols - 1] + st->len[ncols - 1];
    memmove(st->cards + end - n, st->cards + end, total - end);
    st->len[a] -= n;
    for (int j = a + 1; j < ncols; j++) st->off[j] -= n;
    if (st->run[a] > n) st->run[a] -= n;
    else st->run[a] = (uint8_t)run_length(COL(st, a), st->len[a]);
}

/* n cards go on column b (the columns after it move up). */
static inline void put(State *st, int ncols, int b, const uint8_t *src, int n) {
    int end = st->off[b] + st->len[b], total = st->off[ncols - 1] + st->len[ncols - 1];
    int r = run_length(src, n); /* the run on top after: within src, or src on the old run */
    st->run[b] = (uint8_t)(r == n && st->len[b] && FITS[src[0]][st->cards[end - 1]] ? n + st->run[b] : r);
    memmove(st->cards + end + n, st->cards + end, total - end);
    memcpy(st->cards + end, src, n);
    st->len[b] += n;
    for (int j = b + 1; j < ncols; j++) st->off[j] += n;
}

/* A run of n cards from column a to column b. */
static inline void move_run(State *st, int ncols, int a, int b, int n) {
    uint8_t run[NCARDS];
    memcpy(run, COL(st, a) + st->len[a] - n, n);
    take(st, ncols, a, n);
    put(st, ncols, b, run, n);
}

static inline int is_safe(int c, const uint8_t *found) {
    int f = RANKI(c), s = SUIT(c);
    if (found[s] != f) return 0;
    if (f < 2) return 1;
    return found[OPP[s][0]] >= f && found[OPP[s][1]] >= f;
}

/* Every card the safe rule sends home, repeatedly (state.safe_home). */
static void safe_home(State *st, int ncols) {
    int moved = 1;
    while (moved) {
        moved = 0;
        for (int s = 0; s < 4; s++) {
            int f = st->found[s];
            if (f == 13) continue;
            if (f >= 2 && (st->found[OPP[s][0]] < f || st->found[OPP[s][1]] < f)) continue;
            int c = f * 4 + s, done = 0;
            for (int i = 0; i < st->ncell; i++) {
                if (st->cell[i] == c) {
                    memmove(st->cell + i, st->cell + i + 1, st->ncell - i - 1);
                    st->ncell--;
                    st->found[s]++;
                    moved = done = 1;
                    break;
                }
            }
            if (done) continue;
            for (int i = 0; i < ncols; i++) {
                if (st->len[i] && TOP(st, i) == c) {
                    take(st, ncols, i, 1);
                    st->found[s]++;
                    moved = 1;
                    break;
                }
            }
        }
    }
}

static inline void cell_add(State *st, int c) {
    int i = st->ncell;
    while (i > 0 && st->cell[i - 1] > c) {
        st->cell[i] = st->cell[i - 1];
        i--;
    }
    st->cell[i] = (uint8_t)c;
    st->ncell++;
}

static inline void cell_remove(State *st, int c) {
    for (int i = 0; i < st->ncell; i++)
        if (st->cell[i] == c) {
            memmove(st->cell + i, st->cell + i + 1, st->ncell - i - 1);
            st->ncell--;
            return;
        }
}

/* Columns in the order Python sorts their bytes: empty ones first, then by the
 * bottom card (all different). Insertion sort: at most one column is out of place
 * after most moves. */
static void sort_cols(State *st, int ncols) {
    int order[MAXCOLS], sorted = 1;
    for (int i = 0; i < ncols; i++) {
        int j = i, key = st->len[i] ? COL(st, i)[0] : -1;
        while (j > 0 && (st->len[order[j - 1]] ? COL(st, order[j - 1])[0] : -1) > key) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
        if (j != i) sorted = 0;
    }
    if (sorted) return;
    State old = *st;
    int at = 0;
    for (int i = 0; i < ncols; i++) {
        int from = order[i], n = old.len[from];
        memcpy(st->cards + at, COL(&old, from), n);
        st->len[i] = (uint8_t)n;
        st->run[i] = old.run[from];
        st->off[i] = (uint8_t)at;
        at += n;
    }
}

static inline int is_won(const State *st) {
    return st->found[0] == 13 && st->found[1] == 13 && st->found[2] == 13 && st->found[3] == 13;
}

/* The canonical key: for each card what it lies on (``below``), 6 bits: 0 home,
 * 1 a free cell, 2 the table, 3 + d on card d. Packed four cards to three bytes. */
#define ON_CELL 1
#define ON_TABLE 2
static void make_below(const State *st, int ncols, uint8_t *below) {
    memset(below, 0, NCARDS);
    for (int i = 0; i < st->ncell; i++) below[st->cell[i]] = ON_CELL;
    for (int i = 0; i < ncols; i++) {
        int n = st->len[i];
        if (!n) continue;
        const uint8_t *col = COL(st, i);
        below[col[0]] = ON_TABLE;
        for (int k = 1; k < n; k++) below[col[k]] = (uint8_t)(3 + col[k - 1]);
    }
}

static void pack(const uint8_t *below, uint8_t *key) {
    for (int g = 0; g < 13; g++) {
        const uint8_t *b = below + 4 * g;
        key[3 * g] = (uint8_t)(b[0] << 2 | b[1] >> 4);
        key[3 * g + 1] = (uint8_t)(b[1] << 4 | b[2] >> 2);
        key[3 * g + 2] = (uint8_t)(b[2] << 6 | b[3]);
    }
}

/* What card ``c`` lies on, set in a packed key (6 bits at bit 6c, the first
 * bit the highest of byte 0): the one place a simple move changes. */
static inline void set_code(uint8_t *key, int c, int v) {
    int bit = 6 * c, byte = bit >> 3, off = bit & 7;
    if (off <= 2) {
        int shift = 2 - off;
        key[byte] = (uint8_t)((key[byte] & ~(63 << shift)) | (v << shift));
    } else {
        key[byte] = (uint8_t)((key[byte] & ~(63 >> (off - 2))) | (v >> (off - 2)));
        key[byte + 1] = (uint8_t)((key[byte + 1] & ~((0xff << (10 - off)) & 0xff)) | ((v << (10 - off)) & 0xff));
    }
}

#ifdef __SIZEOF_INT128__
/* wyhash's folded multiply: the products of the key's words run side by side. */
static inline uint64_t mum(uint64_t a, uint64_t b) {
    __uint128_t r = (__uint128_t)a * b;
    return (uint64_t)r ^ (uint64_t)(r >> 64);
}
#endif

static inline uint64_t hash_key(const uint8_t *key) {
    uint64_t w[5] = {0, 0, 0, 0, 0};
    memcpy(w, key, KEYLEN);
#ifdef __SIZEOF_INT128__
    uint64_t h = mum(w[0] ^ 0xa0761d6478bd642full, w[1] ^ 0xe7037ed1a0b428dbull) ^
                 mum(w[2] ^ 0x8ebc6af09c88c6e3ull, w[3] ^ 0x589965cc75374cc3ull) ^
                 mum(w[4] ^ 0x1d8e4e27c47d124full, 0xeb44accab455d165ull);
    return mum(h, 0x9E3779B97F4A7C15ull);
#else
    uint64_t h = 0x243F6A8885A308D3ull;
    for (int i = 0; i < 5; i++) {
        h = (h ^ w[i]) * 0x9E3779B97F4A7C15ull;
        h ^= h >> 29;
    }
    return h * 0xD6E8FEB86659FD93ull;
#endif
}

/* The big arrays (keys, table) on huge pages where Linux offers them: the
 * look-ups land anywhere in them, and with 4 KB pages most would also miss the
 * TLB. Zeroed, like calloc. Elsewhere plain calloc/realloc. */
static void *big_alloc(size_t size) {
#ifdef __linux__
    void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return NULL;
#ifdef MADV_HUGEPAGE
    madvise(p, size, MADV_HUGEPAGE);
#endif
    return p;
#else
    return calloc(1, size);
#endif
}

static void *big_realloc(void *old, size_t old_size, size_t size) {
#ifdef __linux__
    if (!old) return big_alloc(size);
    void *p = mremap(old, old_size, size, MREMAP_MAYMOVE);
    if (p == MAP_FAILED) return NULL;
#ifdef MADV_HUGEPAGE
    madvise(p, size, MADV_HUGEPAGE);
#endif
    return p;
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
 * A slot is 4 bytes: the key's index + 1 (28 bits; 0 empty) and 4 bits of its
 * hash, so 15 in 16 probes past a different key never read that key. */
#define IDX_BITS 28
#define IDX_MASK ((1u << IDX_BITS) - 1)
#define MAX_STORED (IDX_MASK - 1)
#ifndef RECENT_BITS
#define RECENT_BITS 12
#endif
typedef struct {
    uint8_t *keys; /* count * KEYLEN bytes */
    size_t count, cap_keys;
    uint32_t *slot;
    size_t size; /* slots */
    /* A small cache of keys met lately (all of them in the set): most positions
     * met again were met a moment ago, and this answers them from a cache line
     * near at hand instead of the far table and key array. */
    uint8_t (*recent)[KEYLEN + 1];
} Seen;
#define RECENT_OF(h) ((size_t)((h) >> (40 - RECENT_BITS)) & ((1u << RECENT_BITS) - 1))

static inline size_t slot_of(uint64_t h, size_t size) {
    return (size_t)(((h & 0xffffffffull) * (uint64_t)size) >> 32);
}
#define TAG(h) ((uint32_t)((h) >> 60) << IDX_BITS)

static int seen_resize(Seen *s, size_t size) {
    uint32_t *slot = big_alloc(size * sizeof *slot);
    if (!slot) return -1;
    uint64_t hs[16];
    /* The keys in order, read once in sequence; their slots are fetched 16 at a
     * time ahead of the writes, which would each wait on memory otherwise. */
    for (size_t i = 0; i < s->count; i += 16) {
        size_t nb = s->count - i < 16 ? s->count - i : 16;
        for (size_t j = 0; j < nb; j++) {
            hs[j] = hash_key(s->keys + (i + j) * KEYLEN);
            __builtin_prefetch(slot + slot_of(hs[j], size), 1);
        }
        for (size_t j = 0; j < nb; j++) {
            size_t p = slot_of(hs[j], size);
            while (slot[p]) p = p + 1 == size ? 0 : p + 1;
            slot[p] = TAG(hs[j]) | (uint32_t)(i + j + 1);
        }
    }
    big_free(s->slot, s->size * sizeof *slot);
    s->slot = slot;
    s->size = size;
    return 0;
}

static inline int same_key(const uint8_t *a, const uint8_t *b) {
    uint64_t x, y, d = 0;
    for (int i = 0; i < 32; i += 8) {
        memcpy(&x, a + i, 8);
        memcpy(&y, b + i, 8);
        d |= x ^ y;
    }
    x = y = 0;
    memcpy(&x, a + 32, KEYLEN - 32);
    memcpy(&y, b + 32, KEYLEN - 32);
    return !(d | (x ^ y));
}

/* Looks up the position of packed ``key`` (hash ``h``): 1 added, 0 there
 * already, -1 no room (memory, or the most keys a slot can index). */
/* Whether ``key`` (hash ``h``) is in the set; when not, *slot_at is the empty
 * slot where it would go. */
static inline int seen_has(Seen *s, const uint8_t *key, uint64_t h, size_t *slot_at) {
    uint32_t t = TAG(h);
    uint8_t *near = s->recent[RECENT_OF(h)];
    if (near[KEYLEN] && same_key(near, key)) return 1;
    size_t p = slot_of(h, s->size);
    for (;;) {
        uint32_t v = s->slot[p];
        if (!v) break;
        if ((v & ~IDX_MASK) == t && same_key(s->keys + (size_t)((v & IDX_MASK) - 1) * KEYLEN, key)) {
            memcpy(near, key, KEYLEN);
            near[KEYLEN] = 1;
            return 1;
        }
        p = p + 1 == s->size ? 0 : p + 1;
    }
    *slot_at = p;
    return 0;
}

static int seen_add(Seen *s, const uint8_t *key, uint64_t h) {
    uint32_t t = TAG(h);
    size_t p;
    if (seen_has(s, key, h, &p)) return 0;
    uint8_t *near = s->recent[RECENT_OF(h)];
    memcpy(near, key, KEYLEN);
    near[KEYLEN] = 1;
    if (s->count >= MAX_STORED) return -1;
    if (s->count == s->cap_keys) {
        size_t cap = s->cap_keys + s->cap_keys / 2 + 4096;
        uint8_t *keys = big_realloc(s->keys, s->cap_keys * KEYLEN, cap * KEYLEN);
        if (!keys) return -1;
        s->keys = keys;
        s->cap_keys = cap;
    }
    memcpy(s->keys + s->count * KEYLEN, key, KEYLEN);
    s->count++;
    s->slot[p] = t | (uint32_t)s->count;
    if (s->count * 100 > s->size * 85) {
        if (seen_resize(s, s->size + s->size / 2) < 0) return -1;
    }
    return 1;
}

static void seen_free(Seen *s) {
    free(s->recent);
    big_free(s->keys, s->cap_keys * KEYLEN);
    big_free(s->slot, s->size * sizeof *s->slot);
    memset(s, 0, sizeof *s);
}

/* -- moves: the order of prove._moves, exactly ------------------------------ */
typedef struct {
    Move *m;
    uint64_t *h; /* each move's child's hash, when the move is a simple change */
    size_t n, cap;
} MoveStack;

static int ms_reserve(MoveStack *ms, size_t more) {
    if (ms->n + more <= ms->cap) return 0;
    size_t cap = ms->cap * 2 + more + 256;
    Move *m = realloc(ms->m, cap * sizeof *m);
    if (!m) return -1;
    ms->m = m;
    uint64_t *h = realloc(ms->h, cap * sizeof *h);
    if (!h) return -1;
    ms->h = h;
    ms->cap = cap;
    return 0;
}


/* Appends the moves of ``st`` to ``ms``; returns how many, or -1 (memory). */
static int gen_moves(const State *st, int ncols, int ncells_total, const int *caps, MoveStack *ms) {
    /* at most: 9 home from columns, 15 home from cells, 15 x 3 cell moves,
       9 x (2 x 13 + 52) column moves, 9 to a cell */
    if (ms_reserve(ms, 9 + 15 + 45 + 9 * 80 + 9) < 0) return -1;
    Move *out = ms->m + ms->n;
    int n = 0, first_empty = -1, n_empty = 0;
    int8_t top_at[NCARDS + 1];
    memset(top_at, -1, sizeof top_at);
    for (int i = 0; i < ncols; i++) {
        int len = st->len[i];
        if (len) {
            int c = TOP(st, i);
            top_at[c] = (int8_t)i;
            if (st->found[SUIT(c)] == RANKI(c)) out[n++] = MOVE(HOME_COL, i, 0, 1);
        } else {
            n_empty++;
            if (first_empty < 0) first_empty = i;
        }
    }
    for (int x = 0; x < st->ncell; x++) {
        int c = st->cell[x];
        if (st->found[SUIT(c)] == RANKI(c)) out[n++] = MOVE(HOME_CELL, c, 0, 1);
    }
    for (int x = 0; x < st->ncell; x++) {
        int c = st->cell[x];
        for (int o = 0; o < 2; o++) {
            int j = top_at[ONTO[c][o]];
            if (j >= 0) out[n++] = MOVE(CELL_TO_COL, c, j, 1);
        }
        if (first_empty >= 0) out[n++] = MOVE(CELL_TO_COL, c, first_empty, 1);
    }
    int free_ = ncells_total - st->ncell;
    const int *row = caps + free_ * (ncols + 1);
    int cap_full = row[n_empty];
    int cap_empty = n_empty ? row[n_empty - 1] : 0;
    for (int i = 0; i < ncols; i++) {
        int len = st->len[i];
        if (!len) continue;
        const uint8_t *col = COL(st, i);
        int run = st->run[i];
        for (int k = 1; k <= run; k++) {
            if (k > cap_full && k > 1) break;
            int c = col[len - k];
            for (int o = 0; o < 2; o++) {
                int j = top_at[ONTO[c][o]];
                if (j >= 0) out[n++] = MOVE(COL_TO_COL, i, j, k);
            }
        }
        if (first_empty >= 0) {
            int top = run;
            if (top > cap_empty) top = cap_empty;
            if (top >= len) top = len - 1; /* a whole column gains nothing */
            for (int k = top; k > 0; k--) out[n++] = MOVE(COL_TO_COL, i, first_empty, k);
        }
    }
    if (free_)
        for (int i = 0; i < ncols; i++)
            if (st->len[i]) out[n++] = MOVE(COL_TO_CELL, i, 0, 1);
    ms->n += n;
    return n;
}

/* A move played in full, then every safe card home (state.play, for the moves
 * the depth-first loop does not play inline). */
static void play_full(State *st, int ncols, Move m) {
    int kind = KIND(m), a = MA(m), b = MB(m), n = MN(m);
    switch (kind) {
    case HOME_COL: {
        int c = TOP(st, a);
        take(st, ncols, a, 1);
        st->found[SUIT(c)]++;
        break;
    }
    case HOME_CELL:
        cell_remove(st, a);
        st->found[SUIT(a)]++;
        break;
    case CELL_TO_COL:
        cell_remove(st, a);
        {
            uint8_t c = (uint8_t)a;
            put(st, ncols, b, &c, 1);
        }
        break;
    case COL_TO_COL:
        move_run(st, ncols, a, b, n);
        break;
    default: {
        int c = TOP(st, a);
        take(st, ncols, a, 1);
        cell_add(st, c);
    }
    }
    safe_home(st, ncols);
}

/* -- the search object --------------------------------------------------------- */
typedef struct {
    State s;
    uint8_t key[KEYLEN + 1]; /* its packed key (and a zero byte) */
    size_t mbeg, mcur, mend; /* its moves not tried yet: ms.m[mcur..mend) */
    Move in;                 /* the move that led here (NO_MOVE at the start) */
} Frame;

typedef struct {
    PyObject_HEAD
    int ncols, ncells_total, closed0;
    int caps[(MAXCELLS + 1) * (MAXCOLS + 1)];
    Seen seen;
    MoveStack ms;
    Frame *stack;
    size_t depth, stack_cap;
    long long states;
    int status; /* 0 running, 1 solved, 2 unsolvable, 3 out of memory */
    int busy;   /* run() is under way in another thread (it lets go of the GIL) */
} DepthFirst;

/* A move between columns and free cells, in a position with no safe move
 * waiting, that uncovers no card the safe rule sends home, changes what one card
 * lies on: ``card`` comes to lie on ``to`` (a key's code). 0 for any other move. */
static inline int simple_change(const State *st, Move m, int closed, int *card, int *to) {
    int kind = KIND(m), a = MA(m), b = MB(m);
    if (!closed || kind < CELL_TO_COL) return 0;
    if (kind == CELL_TO_COL) {
        *card = a;
    } else {
        int len = st->len[a], k = kind == COL_TO_COL ? MN(m) : 1;
        *card = COL(st, a)[len - k];
        if (len > k && is_safe(COL(st, a)[len - k - 1], st->found)) return 0;
    }
    if (kind == COL_TO_CELL) *to = ON_CELL;
    else *to = st->len[b] ? 3 + TOP(st, b) : ON_TABLE;
    return 1;
}

static int df_push(DepthFirst *self, const State *st, const uint8_t *key, Move in, Move back) {
    if (self->depth == self->stack_cap) {
        size_t cap = self->stack_cap * 2 + 64;
        Frame *f = realloc(self->stack, cap * sizeof *f);
        if (!f) return -1;
        self->stack = f;
        self->stack_cap = cap;
    }
    Frame *fr = &self->stack[self->depth];
    fr->s = *st;
    memcpy(fr->key, key, KEYLEN);
    fr->key[KEYLEN] = 0;
    fr->in = in;
    fr->mbeg = self->ms.n;
    int n = gen_moves(st, self->ncols, self->ncells_total, self->caps, &self->ms);
    if (n < 0) return -1;
    if (back != NO_MOVE) { /* the move straight back to the position just left */
        Move *m = self->ms.m + fr->mbeg;
        for (int i = 0; i < n; i++)
            if (m[i] == back) {
                memmove(m + i, m + i + 1, (n - i - 1) * sizeof *m);
                self->ms.n--;
                break;
            }
    }
    fr->mcur = fr->mbeg;
    fr->mend = self->ms.n;
    /* Every move of a position is tried sooner or later: the keys of its simple
     * changes are hashed now and their slots fetched, so the look-ups find them
     * near at hand. */
    int closed = self->closed0 || self->depth >= 1;
    uint8_t child[KEYLEN + 1];
    for (size_t i = fr->mbeg; i < fr->mend; i++) {
        int card, to;
        if (simple_change(st, self->ms.m[i], closed, &card, &to)) {
            memcpy(child, fr->key, KEYLEN + 1);
            set_code(child, card, to);
            uint64_t h = hash_key(child);
            self->ms.h[i] = h;
            __builtin_prefetch(self->seen.slot + slot_of(h, self->seen.size));
        }
    }
    self->depth++;
    return 0;
}

/* Runs until ``slice`` divides the count of positions (after a new one), or a
 * verdict. The loop of prove._depth_first_python, move for move; what differs is
 * how a child's key is found: a move between columns and free cells that sends
 * nothing home changes what one card lies on, so the key and hash of the child
 * follow from its parent's, and a child seen already is never built. */
static int df_run(DepthFirst *self, long long slice) {
    uint8_t below[NCARDS], key[KEYLEN + 1];
    State ns;
    int ncols = self->ncols;
    while (self->depth) {
        Frame *fr = &self->stack[self->depth - 1];
        int closed = self->closed0 || self->depth > 1;
        int pushed = 0;
        while (fr->mcur < fr->mend) {
            uint64_t mh = self->ms.h[fr->mcur];
            Move m = self->ms.m[fr->mcur++];
            int kind = KIND(m), a = MA(m), b = MB(m), n = MN(m);
            const State *st = &fr->s;
            Move back = NO_MOVE;
            int resort, added;
            int card, to;
            if (simple_change(st, m, closed, &card, &to)) {
                memcpy(key, fr->key, KEYLEN + 1);
                set_code(key, card, to);
                added = seen_add(&self->seen, key, mh);
                if (added < 0) return self->status = 3;
                if (!added) continue;
                ns = *st;
                if (kind == COL_TO_COL) {
                    move_run(&ns, ncols, a, b, n);
                    back = MOVE(COL_TO_COL, b, a, n);
                    resort = !ns.len[a] || !st->len[b];
                } else if (kind == COL_TO_CELL) {
                    take(&ns, ncols, a, 1);
                    cell_add(&ns, card);
                    back = MOVE(CELL_TO_COL, card, a, 1);
                    resort = !ns.len[a];
                } else {
                    cell_remove(&ns, a);
                    {
                        uint8_t c = (uint8_t)a;
                        put(&ns, ncols, b, &c, 1);
                    }
                    back = MOVE(COL_TO_CELL, b, 0, 1);
                    resort = !st->len[b];
                }
            } else {
                ns = *st;
                play_full(&ns, ncols, m);
                resort = 1;
                make_below(&ns, ncols, below);
                pack(below, key);
                added = seen_add(&self->seen, key, hash_key(key));
                if (added < 0) return self->status = 3;
                if (!added) continue;
            }
            if (resort) {
                sort_cols(&ns, ncols);
                back = NO_MOVE; /* the columns may have changed places */
            }
            self->states++;
            if (is_won(&ns)) {
                if (df_push(self, &ns, key, m, NO_MOVE) < 0) return self->status = 3;
                return self->status = 1;
            }
            if (df_push(self, &ns, key, m, back) < 0) return self->status = 3;
            pushed = 1;
            break;
        }
        if (pushed) {
            if (self->states % slice == 0) return 0;
            continue;
        }
        /* every move of this position tried */
        self->ms.n = fr->mbeg;
        self->depth--;
    }
    return self->status = 2;
}

/* -- Python side ---------------------------------------------------------------- */
static int bad(const char *msg) {
    PyErr_SetString(PyExc_ValueError, msg);
    return -1;
}

static int parse_state(PyObject *cols, PyObject *cells, PyObject *found, State *st, int *ncols) {
    int where[NCARDS];
    memset(st, 0, sizeof *st);
    for (int c = 0; c < NCARDS; c++) where[c] = 0;
    if (!PyTuple_Check(cols)) return bad("cols must be a tuple of bytes");
    Py_ssize_t nc = PyTuple_GET_SIZE(cols);
    int at = 0;
    if (nc < 1 || nc > MAXCOLS) return bad("1 to 9 columns");
    *ncols = (int)nc;
    for (Py_ssize_t i = 0; i < nc; i++) {
        PyObject *col = PyTuple_GET_ITEM(cols, i);
        if (!PyBytes_Check(col)) return bad("a column must be bytes");
        Py_ssize_t len = PyBytes_GET_SIZE(col);
        if (len > NCARDS) return bad("a column holds at most 52 cards");
        const uint8_t *p = (const uint8_t *)PyBytes_AS_STRING(col);
        for (Py_ssize_t k = 0; k < len; k++) {
            if (p[k] >= NCARDS) return bad("a card code is 0 to 51");
            if (where[p[k]]++) return bad("a card appears twice");
            st->cards[at + k] = p[k];
        }
        st->off[i] = (uint8_t)at;
        st->len[i] = (uint8_t)len;
        st->run[i] = (uint8_t)run_length(st->cards + at, (int)len);
        at += (int)len;
    }
    if (!PyBytes_Check(cells)) return bad("cells must be bytes");
    Py_ssize_t ncell = PyBytes_GET_SIZE(cells);
    if (ncell > MAXCELLS) return bad("at most 15 cards in free cells");
    const uint8_t *p = (const uint8_t *)PyBytes_AS_STRING(cells);
    for (Py_ssize_t k = 0; k < ncell; k++) {
        if (p[k] >= NCARDS) return bad("a card code is 0 to 51");
        if (where[p[k]]++) return bad("a card appears twice");
        cell_add(st, p[k]);
    }
    if (!PyTuple_Check(found) || PyTuple_GET_SIZE(found) != 4) return bad("found must be a tuple of 4 ints");
    for (int s = 0; s < 4; s++) {
        long f = PyLong_AsLong(PyTuple_GET_ITEM(found, s));
        if (f == -1 && PyErr_Occurred()) return -1;
        if (f < 0 || f > 13) return bad("a foundation holds 0 to 13 cards");
        st->found[s] = (uint8_t)f;
        for (int r = 0; r < 13; r++) {
            int home = r < f, c = r * 4 + s;
            if (home && where[c]) return bad("a card is both home and on the table");
            if (!home && !where[c]) return bad("a card is missing (the core needs a whole deck)");
        }
    }
    return 0;
}

static int parse_caps(PyObject *caps, int ncells_total, int ncols, int *out) {
    if (!PyList_Check(caps) || PyList_GET_SIZE(caps) != ncells_total + 1) return bad("caps: a row per count of free cells");
    for (int f = 0; f <= ncells_total; f++) {
        PyObject *row = PyList_GET_ITEM(caps, f);
        if (!PyList_Check(row) || PyList_GET_SIZE(row) != ncols + 1) return bad("caps: a value per count of empty columns");
        for (int e = 0; e <= ncols; e++) {
            PyObject *v = PyList_GET_ITEM(row, e);
            if (!PyLong_Check(v)) return bad("caps: whole numbers");
            int overflow = 0;
            long long x = PyLong_AsLongLongAndOverflow(v, &overflow);
            if (x == -1 && PyErr_Occurred()) return -1;
            if (overflow < 0 || (!overflow && x < 0)) return bad("caps: no negative capacity");
            out[f * (ncols + 1) + e] = overflow > 0 || x > NCARDS ? NCARDS : (int)x; /* no run is longer */
        }
    }
    return 0;
}

static void DF_dealloc(DepthFirst *self) {
    seen_free(&self->seen);
    free(self->ms.m);
    free(self->ms.h);
    free(self->stack);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int DF_init(DepthFirst *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"cols", "cells", "found", "ncells", "caps", "closed", NULL};
    PyObject *cols, *cells, *found, *caps;
    int ncells_total, closed;
    State st;
    if (self->seen.slot) return bad("a DepthFirst search is set up once");
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOOiOp", names, &cols, &cells, &found, &ncells_total, &caps, &closed))
        return -1;
    if (parse_state(cols, cells, found, &st, &self->ncols) < 0) return -1;
    if (ncells_total < st.ncell || ncells_total > MAXCELLS) return bad("ncells: 0 to 15, at least the cards in cells");
    if (parse_caps(caps, ncells_total, self->ncols, self->caps) < 0) return -1;
    self->ncells_total = ncells_total;
    self->closed0 = closed;
    sort_cols(&st, self->ncols);
    self->seen.recent = calloc((size_t)1 << RECENT_BITS, KEYLEN + 1);
    if (!self->seen.recent || seen_resize(&self->seen, 1024) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    uint8_t below[NCARDS], key[KEYLEN];
    make_below(&st, self->ncols, below);
    pack(below, key);
    if (seen_add(&self->seen, key, hash_key(key)) < 0 || df_push(self, &st, key, NO_MOVE, NO_MOVE) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    self->states = 1;
    self->status = is_won(&st) ? 1 : 0;
    return 0;
}

static PyObject *DF_run(DepthFirst *self, PyObject *args) {
    long long slice;
    if (!PyArg_ParseTuple(args, "L", &slice)) return NULL;
    if (slice < 1) {
        PyErr_SetString(PyExc_ValueError, "slice must be at least 1");
        return NULL;
    }
    if (!self->seen.slot) {
        PyErr_SetString(PyExc_ValueError, "the search was not set up");
        return NULL;
    }
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this search is running in another thread");
        return NULL;
    }
    if (self->status == 0) {
        self->busy = 1;
        Py_BEGIN_ALLOW_THREADS;
        df_run(self, slice);
        Py_END_ALLOW_THREADS;
        self->busy = 0;
    }
    return PyLong_FromLong(self->status);
}

static PyObject *DF_path(DepthFirst *self, PyObject *noargs) {
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this search is running in another thread");
        return NULL;
    }
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    for (size_t i = 1; i < self->depth; i++) {
        Move m = self->stack[i].in;
        PyObject *t = Py_BuildValue("(iiii)", KIND(m), MA(m), MB(m), MN(m));
        if (!t || PyList_Append(out, t) < 0) {
            Py_XDECREF(t);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(t);
    }
    return out;
}

static PyObject *DF_get_states(DepthFirst *self, void *c) { return PyLong_FromLongLong(self->states); }
static PyObject *DF_get_status(DepthFirst *self, void *c) { return PyLong_FromLong(self->status); }
static PyObject *DF_get_depth(DepthFirst *self, void *c) { return PyLong_FromSize_t(self->depth); }
static PyObject *DF_get_stored(DepthFirst *self, void *c) { return PyLong_FromSize_t(self->seen.count); }
static PyObject *DF_get_memory(DepthFirst *self, void *c) {
    /* the set of positions: keys and table as allocated */
    return PyLong_FromSize_t(self->seen.cap_keys * KEYLEN + self->seen.size * sizeof(uint32_t));
}

static PyMethodDef DF_methods[] = {
    {"run", (PyCFunction)DF_run, METH_VARARGS,
     "run(slice) -> status: searches until the count of positions is a multiple of slice, or a verdict. "
     "0 running, 1 solved, 2 unsolvable (no position left), 3 out of memory."},
    {"path", (PyCFunction)DF_path, METH_NOARGS, "path() -> the moves from the start to the position on top (sorted columns)."},
    {NULL}};

static PyGetSetDef DF_getset[] = {
    {"states", (getter)DF_get_states, NULL, "positions explored (the start counts)", NULL},
    {"status", (getter)DF_get_status, NULL, "0 running, 1 solved, 2 unsolvable, 3 out of memory", NULL},
    {"depth", (getter)DF_get_depth, NULL, "positions on the search's stack", NULL},
    {"stored", (getter)DF_get_stored, NULL, "positions in the set of seen positions", NULL},
    {"memory", (getter)DF_get_memory, NULL, "bytes the set of seen positions holds", NULL},
    {NULL}};

static PyTypeObject DepthFirstType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "freecell_cli.solvers._core.DepthFirst",
    .tp_basicsize = sizeof(DepthFirst),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "DepthFirst(cols, cells, found, ncells, caps, closed): prove._depth_first, compiled.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)DF_init,
    .tp_dealloc = (destructor)DF_dealloc,
    .tp_methods = DF_methods,
    .tp_getset = DF_getset,
};

/* moves(cols, cells, found, ncells, caps) -> the moves of prove._moves, in order:
 * for the tests that compare the cores. Columns are taken as given (not sorted). */
static PyObject *core_moves(PyObject *mod, PyObject *args) {
    PyObject *cols, *cells, *found, *caps;
    int ncells_total, ncols, capt[(MAXCELLS + 1) * (MAXCOLS + 1)];
    State st;
    if (!PyArg_ParseTuple(args, "OOOiO", &cols, &cells, &found, &ncells_total, &caps)) return NULL;
    if (parse_state(cols, cells, found, &st, &ncols) < 0) return NULL;
    if (ncells_total < st.ncell || ncells_total > MAXCELLS) return bad("ncells: 0 to 15, at least the cards in cells"), NULL;
    if (parse_caps(caps, ncells_total, ncols, capt) < 0) return NULL;
    MoveStack ms = {0};
    int n = gen_moves(&st, ncols, ncells_total, capt, &ms);
    if (n < 0) {
        free(ms.m);
        free(ms.h);
        return PyErr_NoMemory();
    }
    PyObject *out = PyList_New(n);
    for (int i = 0; out && i < n; i++) {
        Move m = ms.m[i];
        PyObject *t = Py_BuildValue("(iiii)", KIND(m), MA(m), MB(m), MN(m));
        if (!t) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, i, t);
    }
    free(ms.m);
    free(ms.h);
    return out;
}

/* key(cols, cells, found) -> the canonical key (39 bytes). */
static PyObject *core_key(PyObject *mod, PyObject *args) {
    PyObject *cols, *cells, *found;
    int ncols;
    State st;
    uint8_t key[KEYLEN], below[NCARDS];
    if (!PyArg_ParseTuple(args, "OOO", &cols, &cells, &found)) return NULL;
    if (parse_state(cols, cells, found, &st, &ncols) < 0) return NULL;
    make_below(&st, ncols, below);
    pack(below, key);
    return PyBytes_FromStringAndSize((const char *)key, KEYLEN);
}

static PyMethodDef core_methods[] = {
    {"moves", core_moves, METH_VARARGS, "moves(cols, cells, found, ncells, caps) -> prove._moves's list"},
    {"key", core_key, METH_VARARGS, "key(cols, cells, found) -> the exact canonical key (39 bytes)"},
    {NULL}};

static struct PyModuleDef core_module = {PyModuleDef_HEAD_INIT, "freecell_cli.solvers._core",
                                         "The compiled search core (optional; see solvers/core.py).", -1,
                                         core_methods};

PyMODINIT_FUNC PyInit__core(void) {
    init_tables();
    if (PyType_Ready(&DepthFirstType) < 0) return NULL;
    PyObject *m = PyModule_Create(&core_module);
    if (!m) return NULL;
    Py_INCREF(&DepthFirstType);
    if (PyModule_AddObject(m, "DepthFirst", (PyObject *)&DepthFirstType) < 0) {
        Py_DECREF(&DepthFirstType);
        Py_DECREF(m);
        return NULL;
    }
    PyModule_AddIntConstant(m, "KEYLEN", KEYLEN);
    return m;
}
