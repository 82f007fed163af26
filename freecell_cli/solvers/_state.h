/* What the compiled searches share (the complete search in _core.c, the beam in
 * _beam.c, the post-pass in _shorten.c): the compact position of
 * solvers/state.py, its moves' pieces, the rules they are played by
 * (solvers/rules.py), the safe rule, the exact canonical key and its hash, and
 * the checks of what Python hands over. Every function is static: each file
 * that includes this gets its own copy and calls init_tables() once. */
#ifndef FREECELL_STATE_H
#define FREECELL_STATE_H
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function" /* each file uses the parts it needs */
#endif
#define PY_SSIZE_T_CLEAN
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* mremap (_seen.h): before any system header (Python.h defines it too) */
#endif
#include <Python.h>
#include <stdint.h>
#include <string.h>
/* A hint that memory will be read soon (nothing where the compiler has none). */
#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(p) __builtin_prefetch(p)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#define NOINLINE __attribute__((noinline))
#else
#define PREFETCH(p) ((void)(p))
#define ALWAYS_INLINE inline
#define NOINLINE
#endif

#define MAXCOLS 10 /* Seahaven Towers' table */
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
#define KING 12 /* a king's RANKI */
static int RED[NCARDS];
#define NONE NCARDS /* no card: top_at[NONE] is always -1 */
static const int OPP[4][2] = {{1, 2}, {0, 3}, {0, 3}, {1, 2}};

/* The rules of a search (solvers/rules.py, Rules): how a column builds and what
 * an empty column takes, with the tables the moves read. By code, as
 * Rules.code: bit 0 builds by suit (else in alternate colours), bit 1 an empty
 * column takes only a king (else any card). RULES[0] is FreeCell's. */
typedef struct {
    uint8_t fits[NCARDS][NCARDS]; /* fits[a][b]: a may lie on b */
    uint8_t onto[NCARDS][2];      /* the cards a card may lie on (ascending), NONE */
    uint8_t below[NCARDS][2];     /* the cards that may lie on a card (ascending), NONE */
    int suit, kings;
} Rules;
#define NRULES 4
static Rules RULES[NRULES];

static void init_tables(void) {
    for (int c = 0; c < NCARDS; c++) RED[c] = (SUIT(c) == 1 || SUIT(c) == 2);
    for (int code = 0; code < NRULES; code++) {
        Rules *R = &RULES[code];
        R->suit = code & 1;
        R->kings = code >> 1 & 1;
        for (int a = 0; a < NCARDS; a++) {
            int k = 0;
            R->onto[a][0] = R->onto[a][1] = NONE;
            for (int b = 0; b < NCARDS; b++) {
                int next = RANKI(b) == RANKI(a) + 1;
                R->fits[a][b] = (uint8_t)(next && (R->suit ? SUIT(a) == SUIT(b) : RED[a] != RED[b]));
                if (R->fits[a][b] && k < 2) R->onto[a][k++] = (uint8_t)b;
            }
        }
        for (int d = 0; d < NCARDS; d++) {
            int k = 0;
            R->below[d][0] = R->below[d][1] = NONE;
            for (int c = 0; c < NCARDS; c++)
                if (R->fits[c][d] && k < 2) R->below[d][k++] = (uint8_t)c;
        }
    }
}

/* The rules of a code Python hands over: NULL (with a ValueError) for none. */
static const Rules *rules_of(int code) {
    if (code < 0 || code >= NRULES) {
        PyErr_SetString(PyExc_ValueError, "rules: a code 0 to 3 (bit 0 builds by suit, bit 1 kings only into an empty column)");
        return NULL;
    }
    return &RULES[code];
}

/* The table's cards one column after another (column 0 first): a position in
 * 103 bytes, so the search's stack stays small beside the positions it stores. */
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

static inline int run_length(const Rules *R, const uint8_t *col, int len) {
    if (!len) return 0;
    int n = 1;
    while (n < len && R->fits[col[len - n]][col[len - n - 1]]) n++;
    return n;
}

/* Column a's run once its top n cards have gone (len[a] already less by n). */
static inline void run_after_take(const Rules *R, State *st, int a, int n) {
    if (st->run[a] > n) st->run[a] -= n;
    else st->run[a] = (uint8_t)run_length(R, COL(st, a), st->len[a]);
}

/* Column b's run once the n cards ``src`` lie on it (worked out before they
 * are put): within src, or src on the old run. */
static inline void run_before_put(const Rules *R, State *st, int b, const uint8_t *src, int n) {
    int r = run_length(R, src, n);
    st->run[b] = (uint8_t)(r == n && st->len[b] && R->fits[src[0]][TOP(st, b)] ? n + st->run[b] : r);
}

/* The top n cards of column a go (the columns after it move down). */
static inline void take(const Rules *R, State *st, int ncols, int a, int n) {
    int end = st->off[a] + st->len[a], total = st->off[ncols - 1] + st->len[ncols - 1];
    memmove(st->cards + end - n, st->cards + end, total - end);
    st->len[a] -= n;
    for (int j = a + 1; j < ncols; j++) st->off[j] -= n;
    run_after_take(R, st, a, n);
}

/* n cards go on column b (the columns after it move up). */
static inline void put(const Rules *R, State *st, int ncols, int b, const uint8_t *src, int n) {
    int end = st->off[b] + st->len[b], total = st->off[ncols - 1] + st->len[ncols - 1];
    run_before_put(R, st, b, src, n);
    memmove(st->cards + end + n, st->cards + end, total - end);
    memcpy(st->cards + end, src, n);
    st->len[b] += n;
    for (int j = b + 1; j < ncols; j++) st->off[j] += n;
}

/* A run of n cards from column a to column b: the cards between the two
 * columns' ends shift by n, the rest stay. */
static inline void move_run(const Rules *R, State *st, int ncols, int a, int b, int n) {
    uint8_t run[NCARDS];
    int ea = st->off[a] + st->len[a], eb = st->off[b] + st->len[b];
    for (int k = 0; k < n; k++) run[k] = st->cards[ea - n + k]; /* (a few cards: no call) */
    run_before_put(R, st, b, run, n);
    if (a < b) {
        memmove(st->cards + ea - n, st->cards + ea, eb - ea);
        for (int k = 0; k < n; k++) st->cards[eb - n + k] = run[k];
        for (int j = a + 1; j <= b; j++) st->off[j] -= n;
    } else {
        memmove(st->cards + eb + n, st->cards + eb, ea - n - eb);
        for (int k = 0; k < n; k++) st->cards[eb + k] = run[k];
        for (int j = b + 1; j <= a; j++) st->off[j] += n;
    }
    st->len[a] -= n;
    st->len[b] += n;
    run_after_take(R, st, a, n);
}

/* state.is_safe: the next card of its suit that no card can ever need to land
 * on (by suit: every such card). */
static inline int is_safe(const Rules *R, int c, const uint8_t *found) {
    int f = RANKI(c), s = SUIT(c);
    if (found[s] != f) return 0;
    if (f < 2 || R->suit) return 1;
    return found[OPP[s][0]] >= f && found[OPP[s][1]] >= f;
}

/* Every card the safe rule sends home, repeatedly (state.safe_home). */
static void safe_home(const Rules *R, State *st, int ncols) {
    int moved = 1;
    while (moved) {
        moved = 0;
        uint64_t tops = 0; /* the cards on top of a column, bit c for card c */
        for (int i = 0; i < ncols; i++)
            if (st->len[i]) tops |= (uint64_t)1 << TOP(st, i);
        for (int s = 0; s < 4; s++) {
            int f = st->found[s];
            if (f == 13) continue;
            if (f >= 2 && !R->suit && (st->found[OPP[s][0]] < f || st->found[OPP[s][1]] < f)) continue;
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
            if (done || !(tops >> c & 1)) continue;
            for (int i = 0; i < ncols; i++) {
                if (st->len[i] && TOP(st, i) == c) {
                    take(R, st, ncols, i, 1);
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
 * bottom card (all different). */
static inline int bottom_of(const State *st, int i) { return st->len[i] ? COL(st, i)[0] : -1; }

/* Column i to its place, the others being in order, its cards moved with it
 * (those of an empty one stay). A move upsets at most one column's place when
 * it empties a column (which goes left) or fills an empty one (which goes right). */
static void settle(State *st, int ncols, int i) {
    int key = bottom_of(st, i), j = i;
    while (j > 0 && bottom_of(st, j - 1) > key) j--;
    if (j == i)
        while (j + 1 < ncols && bottom_of(st, j + 1) < key) j++;
    if (j == i) return;
    int len = st->len[i], at = st->off[i];
    uint8_t run = st->run[i], tmp[NCARDS];
    memcpy(tmp, COL(st, i), len);
    if (j < i) { /* before columns j..i-1 */
        int to = st->off[j];
        if (len) {
            memmove(st->cards + to + len, st->cards + to, at - to);
            memcpy(st->cards + to, tmp, len);
        }
        for (int k = i; k > j; k--) {
            st->len[k] = st->len[k - 1];
            st->run[k] = st->run[k - 1];
            st->off[k] = (uint8_t)(st->off[k - 1] + len);
        }
        st->off[j] = (uint8_t)to;
    } else { /* after columns i+1..j */
        int end = st->off[j] + st->len[j];
        memmove(st->cards + at, st->cards + at + len, end - at - len);
        memcpy(st->cards + end - len, tmp, len);
        for (int k = i; k < j; k++) {
            st->len[k] = st->len[k + 1];
            st->run[k] = st->run[k + 1];
            st->off[k] = (uint8_t)(st->off[k + 1] - len);
        }
        st->off[j] = (uint8_t)(end - len);
    }
    st->len[j] = (uint8_t)len;
    st->run[j] = run;
}

/* Every column to its place (insertion sort). */
static void sort_cols(State *st, int ncols) {
    for (int i = 1; i < ncols; i++)
        if (bottom_of(st, i - 1) > bottom_of(st, i)) settle(st, ncols, i);
}

static inline int is_won(const State *st) {
    return st->found[0] == 13 && st->found[1] == 13 && st->found[2] == 13 && st->found[3] == 13;
}

/* The canonical key: for each card what it lies on (``below``), 6 bits: 0 home,
 * 1 a free cell, 2 the table, 3 + d on card d. Card c's code is bits 6c..6c+5
 * of the key's 39 bytes read as one little-endian number (312 bits): held as
 * five 64-bit words, a code is set with a shift and a mask (words_set_code). */
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

/* Where card c's code lies: word 6c / 64 at bit 6c % 64, and when that is past
 * 58 its high bits in the next word. */
#define CODE_WORD(c) ((6 * (c)) >> 6)
#define CODE_SHIFT(c) ((6 * (c)) & 63)

typedef struct {
    uint64_t w[5];
} Words; /* a key as the words of its number (further on: words_of, words_store) */
static inline void words_of(Words *k, const uint8_t *key);

/* What card ``c`` lies on, in a key held in words (words_set_code sets it). */
static inline int words_code(const Words *k, int c) {
    int i = CODE_WORD(c), sh = CODE_SHIFT(c);
    uint64_t x = k->w[i] >> sh;
    if (sh > 58) x |= k->w[i + 1] << (64 - sh);
    return (int)(x & 63);
}

static void pack(const uint8_t *below, uint8_t *key) {
    uint64_t w[5] = {0, 0, 0, 0, 0};
    for (int c = 0; c < NCARDS; c++) {
        int i = CODE_WORD(c), sh = CODE_SHIFT(c);
        w[i] |= (uint64_t)below[c] << sh;
        if (sh > 58) w[i + 1] |= (uint64_t)below[c] >> (64 - sh);
    }
    for (int j = 0; j < KEYLEN; j++) key[j] = (uint8_t)(w[j >> 3] >> (8 * (j & 7)));
}

/* The packed key of a position. */
static inline void state_key(const State *st, int ncols, uint8_t *key) {
    uint8_t below[NCARDS];
    make_below(st, ncols, below);
    pack(below, key);
}

/* The position of a key, columns in the order the search keeps them (empty ones
 * first, then by bottom card), free cells sorted. */
static void decode(const Rules *R, const uint8_t *key, int ncols, State *st) {
    uint8_t above[NCARDS + 3], bottoms[MAXCOLS];
    int nb = 0;
    Words k;
    words_of(&k, key);
    memset(st, 0, sizeof *st);
    memset(above, NONE, sizeof above);
    for (int c = 0; c < NCARDS; c++) {
        int v = words_code(&k, c);
        if (v == 0) st->found[SUIT(c)]++;
        else if (v == ON_CELL) st->cell[st->ncell++] = (uint8_t)c;
        else if (v == ON_TABLE) bottoms[nb++] = (uint8_t)c; /* ascending: the order kept */
        else above[v - 3] = (uint8_t)c;
    }
    int at = 0, i = ncols - nb; /* the empty columns come first */
    for (int k = 0; k < nb; k++, i++) {
        int n = 0;
        st->off[i] = (uint8_t)at;
        for (int c = bottoms[k]; c != NONE; c = above[c]) st->cards[at + n++] = (uint8_t)c;
        st->len[i] = (uint8_t)n;
        st->run[i] = (uint8_t)run_length(R, st->cards + at, n);
        at += n;
    }
}

/* What card ``c`` lies on, set to ``v`` in a packed key: bits 6c..6c+5, in
 * byte 6c / 8 and, when they start past its bit 2, the next. */
static inline void set_code(uint8_t *key, int c, int v) {
    int j = (6 * c) >> 3, sh = (6 * c) & 7;
    key[j] = (uint8_t)((key[j] & ~(63 << sh)) | (v << sh));
    if (sh > 2) key[j + 1] = (uint8_t)((key[j + 1] & ~(63 >> (8 - sh))) | (v >> (8 - sh)));
}

#ifdef __SIZEOF_INT128__
/* wyhash's folded multiply: the products of the key's words run side by side. */
static inline uint64_t mum(uint64_t a, uint64_t b) {
    __uint128_t r = (__uint128_t)a * b;
    return (uint64_t)r ^ (uint64_t)(r >> 64);
}
#endif

static inline uint64_t hash_words(const uint64_t *w) {
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

/* -- a key held in five words ----------------------------------------------------
 * A child's key is its parent's with one card's 6 bits changed: held as the
 * words of the little-endian number, the change is a shift and a mask, and the
 * hash and the comparisons read whole words. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && KEYLEN > 32 && KEYLEN < 40
/* The words are the key's bytes as they lie: the last, bytes 32-38, is read as
 * the 8 bytes ending the key and shifted (not copied in pieces to the stack and
 * read back whole, which waits for the pieces: a store-forwarding stall). */
static inline uint64_t key_tail(const uint8_t *key) {
    uint64_t t;
    memcpy(&t, key + KEYLEN - 8, 8);
    return t >> (8 * (40 - KEYLEN));
}

static inline void words_of(Words *k, const uint8_t *key) {
    memcpy(k->w, key, 32);
    k->w[4] = key_tail(key);
}

/* The key's bytes, and 0 in the byte after them (where there must be room). */
static inline void words_store(const Words *k, uint8_t *key) {
    memcpy(key, k->w, 40); /* bytes 32..38 from the last word, then its top byte, 0 */
}

static inline int same_words(const uint8_t *a, const Words *k) {
    uint64_t x, d = 0;
    for (int i = 0; i < 4; i++) {
        memcpy(&x, a + 8 * i, 8);
        d |= x ^ k->w[i];
    }
    return !(d | (key_tail(a) ^ k->w[4]));
}
#else /* the same words, byte by byte */
static inline void words_of(Words *k, const uint8_t *key) {
    memset(k->w, 0, sizeof k->w);
    for (int j = 0; j < KEYLEN; j++) k->w[j >> 3] |= (uint64_t)key[j] << (8 * (j & 7));
}

static inline void words_store(const Words *k, uint8_t *key) {
    for (int j = 0; j < KEYLEN; j++) key[j] = (uint8_t)(k->w[j >> 3] >> (8 * (j & 7)));
    key[KEYLEN] = 0;
}

static inline int same_words(const uint8_t *a, const Words *k) {
    Words x;
    words_of(&x, a);
    return !memcmp(x.w, k->w, sizeof x.w);
}
#endif

static inline uint64_t hash_key(const uint8_t *key) {
    Words k;
    words_of(&k, key);
    return hash_words(k.w);
}

/* set_code on a key held in words. */
static inline void words_set_code(Words *k, int c, int v) {
    int i = CODE_WORD(c), sh = CODE_SHIFT(c);
    k->w[i] = (k->w[i] & ~((uint64_t)63 << sh)) | ((uint64_t)v << sh);
    if (sh > 58) k->w[i + 1] = (k->w[i + 1] & ~((uint64_t)63 >> (64 - sh))) | ((uint64_t)v >> (64 - sh));
}

/* Whether two packed keys are the same position. */
static inline int same_key(const uint8_t *a, const uint8_t *b) {
    Words k;
    words_of(&k, b);
    return same_words(a, &k);
}

/* -- Python side ---------------------------------------------------------------- */
static int bad(const char *msg) {
    PyErr_SetString(PyExc_ValueError, msg);
    return -1;
}

/* Card ``c`` counted in ``where`` (how often each card was given): -1 (with a
 * ValueError) for a code that is no card or a card given twice. */
static int count_card(int c, int *where) {
    if (c >= NCARDS) return bad("a card code is 0 to 51");
    if (where[c]++) return bad("a card appears twice");
    return 0;
}

static int parse_state(const Rules *R, PyObject *cols, PyObject *cells, PyObject *found, State *st, int *ncols) {
    int where[NCARDS];
    memset(st, 0, sizeof *st);
    for (int c = 0; c < NCARDS; c++) where[c] = 0;
    if (!PyTuple_Check(cols)) return bad("cols must be a tuple of bytes");
    Py_ssize_t nc = PyTuple_GET_SIZE(cols);
    int at = 0;
    if (nc < 1 || nc > MAXCOLS) return bad("1 to 10 columns");
    *ncols = (int)nc;
    for (Py_ssize_t i = 0; i < nc; i++) {
        PyObject *col = PyTuple_GET_ITEM(cols, i);
        if (!PyBytes_Check(col)) return bad("a column must be bytes");
        Py_ssize_t len = PyBytes_GET_SIZE(col);
        if (len > NCARDS) return bad("a column holds at most 52 cards");
        const uint8_t *p = (const uint8_t *)PyBytes_AS_STRING(col);
        for (Py_ssize_t k = 0; k < len; k++) {
            if (count_card(p[k], where) < 0) return -1;
            st->cards[at + k] = p[k];
        }
        st->off[i] = (uint8_t)at;
        st->len[i] = (uint8_t)len;
        st->run[i] = (uint8_t)run_length(R, st->cards + at, (int)len);
        at += (int)len;
    }
    if (!PyBytes_Check(cells)) return bad("cells must be bytes");
    Py_ssize_t ncell = PyBytes_GET_SIZE(cells);
    if (ncell > MAXCELLS) return bad("at most 15 cards in free cells");
    const uint8_t *p = (const uint8_t *)PyBytes_AS_STRING(cells);
    for (Py_ssize_t k = 0; k < ncell; k++) {
        if (count_card(p[k], where) < 0) return -1;
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

/* state.play: the move, then the safe moves home (only the card it uncovered can
 * have become safe when ``closed``). */
static void play_move(const Rules *R, State *st, int ncols, Move m, int closed) {
    int kind = KIND(m), a = MA(m), b = MB(m), n = MN(m);
    switch (kind) {
    case HOME_COL: {
        int c = TOP(st, a);
        take(R, st, ncols, a, 1);
        st->found[SUIT(c)]++;
        break;
    }
    case HOME_CELL:
        cell_remove(st, a);
        st->found[SUIT(a)]++;
        break;
    case CELL_TO_COL: {
        uint8_t c = (uint8_t)a;
        cell_remove(st, a);
        put(R, st, ncols, b, &c, 1);
        break;
    }
    case COL_TO_COL:
        move_run(R, st, ncols, a, b, n);
        break;
    default: {
        int c = TOP(st, a);
        take(R, st, ncols, a, 1);
        cell_add(st, c);
    }
    }
    if (kind > HOME_CELL && closed) {
        if (kind == CELL_TO_COL) return;
        if (!st->len[a] || !is_safe(R, TOP(st, a), st->found)) return;
    }
    safe_home(R, st, ncols);
}


/* The moves of state.moves, in its order, into ``out`` (room for STATE_MAX_MOVES):
 * moves home from columns, then from free cells, free cell to column, column to
 * column (the runs that fit, then into the first empty column: where it takes
 * only a king, a king and the run it heads), column to a free cell. Returns how
 * many. */
#define STATE_MAX_MOVES (MAXCOLS + MAXCELLS + 3 * MAXCELLS + MAXCOLS * 80 + MAXCOLS)
static int state_moves(const Rules *R, const State *st, int ncols, int ncells_total, const int *caps, Move *out) {
    int n = 0, first_empty = -1, n_empty = 0;
    int8_t top_at[NCARDS + 1];
    memset(top_at, -1, sizeof top_at);
    /* the cards that may go home now, a bit each (a king home leaves bit 52 and up) */
    uint64_t next = (uint64_t)1 << (st->found[0] * 4) | (uint64_t)1 << (st->found[1] * 4 + 1) |
                    (uint64_t)1 << (st->found[2] * 4 + 2) | (uint64_t)1 << (st->found[3] * 4 + 3);
    for (int i = 0; i < ncols; i++) {
        int len = st->len[i];
        if (len) {
            int c = TOP(st, i);
            top_at[c] = (int8_t)i;
            if (next >> c & 1) out[n++] = MOVE(HOME_COL, i, 0, 1);
        } else {
            n_empty++;
            if (first_empty < 0) first_empty = i;
        }
    }
    for (int x = 0; x < st->ncell; x++) {
        int c = st->cell[x];
        if (next >> c & 1) out[n++] = MOVE(HOME_CELL, c, 0, 1);
    }
    for (int x = 0; x < st->ncell; x++) {
        int c = st->cell[x];
        for (int o = 0; o < 2; o++) {
            int j = top_at[R->onto[c][o]];
            if (j >= 0) out[n++] = MOVE(CELL_TO_COL, c, j, 1);
        }
        if (first_empty >= 0 && (!R->kings || RANKI(c) == KING)) out[n++] = MOVE(CELL_TO_COL, c, first_empty, 1);
    }
    int free_ = ncells_total - st->ncell;
    const int kings = R->kings; /* (read once: the stores to out may alias it) */
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
                int j = top_at[R->onto[c][o]];
                if (j >= 0) out[n++] = MOVE(COL_TO_COL, i, j, k);
            }
        }
        if (first_empty >= 0) {
            int top = run;
            if (top > cap_empty) top = cap_empty;
            if (top >= len) top = len - 1; /* a whole column gains nothing */
            if (!kings)
                for (int k = top; k > 0; k--) out[n++] = MOVE(COL_TO_COL, i, first_empty, k);
            else /* only the run a king heads */
                for (int k = top; k > 0; k--)
                    if (RANKI(col[len - k]) == KING) out[n++] = MOVE(COL_TO_COL, i, first_empty, k);
        }
    }
    if (free_)
        for (int i = 0; i < ncols; i++)
            if (st->len[i]) out[n++] = MOVE(COL_TO_CELL, i, 0, 1);
    return n;
}


/* What a move between columns and free cells changes in the key: ``card`` (the
 * lowest card moved) comes to lie on ``to``. */
static inline void move_code(const State *st, Move m, int *card, int *to) {
    int kind = KIND(m), a = MA(m), b = MB(m);
    if (kind == CELL_TO_COL) *card = a;
    else *card = COL(st, a)[st->len[a] - (kind == COL_TO_COL ? MN(m) : 1)];
    if (kind == COL_TO_CELL) *to = ON_CELL;
    else *to = st->len[b] ? 3 + TOP(st, b) : ON_TABLE;
}

/* A move between columns and free cells, in a position with no safe move
 * waiting, that uncovers no card the safe rule sends home, changes what one card
 * lies on: ``card`` comes to lie on ``to`` (a key's code). 0 for any other move. */
static inline int simple_change(const Rules *R, const State *st, Move m, int closed, int *card, int *to) {
    int kind = KIND(m), a = MA(m);
    if (!closed || kind < CELL_TO_COL) return 0;
    if (kind != CELL_TO_COL) {
        int len = st->len[a], k = kind == COL_TO_COL ? MN(m) : 1;
        if (len > k && is_safe(R, COL(st, a)[len - k - 1], st->found)) return 0;
    }
    move_code(st, m, card, to);
    return 1;
}

/* Seconds on a monotonic clock (the searches' deadlines). */
#ifdef _WIN32
#include <windows.h>
static inline double mono_now(void) {
    LARGE_INTEGER f, c;
    QueryPerformanceFrequency(&f);
    QueryPerformanceCounter(&c);
    return (double)c.QuadPart / (double)f.QuadPart;
}
#else
#include <time.h>
static inline double mono_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}
#endif

#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
#endif
