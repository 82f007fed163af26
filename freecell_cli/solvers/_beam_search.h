/* The compiled beam search's insides: its types and functions, shared by the
 * search (_beam.c) and its Python type (_beam_type.c). */
#ifndef FREECELL_BEAM_SEARCH_H
#define FREECELL_BEAM_SEARCH_H
#include "_state.h"
#include "_keyset.h"

/* -- nodes, links, candidates --------------------------------------------------- */
typedef struct {
    State s;                  /* columns in place, as Python's tuple */
    uint8_t key[KEYLEN + 1];  /* the exact key (and a spare byte) */
    int32_t unsorted;         /* cards below the columns' movable runs */
    int32_t back;             /* the last link of the moves here, -1: none */
    int64_t score;
    /* each column's share of the score: |weight| <= 10^6 times at most 52 cards
     * below its run, 51 out of order and 204 above the next cards: within 32 bits
     * (a smaller node: a beam's memory is mostly nodes) */
    int32_t contrib[MAXCOLS];
} BNode;

typedef struct {
    int32_t prev;
    Move m;
} Link;

enum { PLAYED, EXACT, LATER }; /* as Python's (score, tie, node, parent) and its unplayed tuples (flag False, True) */
#define NO_NODE 0xffffffffu    /* the parent of the start */

typedef struct {
    int64_t score, tie;
    uint32_t parent; /* node index, NO_NODE */
    uint32_t x;      /* PLAYED: the node; else the move */
    int32_t kind;
} Cand;

typedef struct {
    Cand *v;
    size_t n, cap;
} Cands;

/* -- the search object ---------------------------------------------------------- */
typedef struct {
    PyObject_HEAD
    int ncols, ncells_total, closed0, all_home, set_up, busy, ran;
    const Rules *rules;
    int caps[(MAXCELLS + 1) * (MAXCOLS + 1)];
    int64_t w_home, w_uns, w_cells, w_dis, w_dep, w_empty;
    long long width, max_depth, per_parent;
    State start;
    long long states, refills;
    int stopped; /* 0, 1 the state limit, 2 the time limit */
    int64_t tie;
    BNode *nodes;
    size_t nn, ncap;
    Link *links;
    size_t nl, lcap;
    KeySet kept, offered;
    Cands cands, pool, extra, skipped;
    Cands *reserve;
    size_t nres, rescap;
    uint32_t *layer;
    size_t nlayer, laycap;
    uint32_t *pp_count, *pp_gen, root_count, root_gen, gen;
    size_t ppcap;
    int solved;
    State sol;
    int32_t sol_back;
} BeamSearch;

enum { R_NONE, R_SOLVED, R_MEMORY, R_PROGRESS, R_ERROR };

typedef struct {
    int has_time, has_states;
    double time_left, t0, elapsed0;
    long long max_states, max_refills;
    PyObject *progress;
} RunArgs;

/* A position being expanded, as offer() needs it. */
typedef struct {
    uint32_t idx;
    State st; /* copies: the node array may move */
    uint8_t key[KEYLEN + 1];
    int32_t contrib[MAXCOLS]; /* as BNode's */
    int64_t score;
    int unsorted, exact_ok, nextc[4];
} Ex;

#define MAX_MOVES 512 /* of one position: 15 cells x 11 places + 2 per column + runs into an empty one + to a cell */

/* The candidates of a layer: a heap, as Python's heapq. */
static inline int cands_push(Cands *c, const Cand *x) {
    if (grow((void **)&c->v, &c->cap, c->n + 1, sizeof *c->v) < 0) return -1;
    c->v[c->n++] = *x;
    return 0;
}

static inline int cand_less(const Cand *a, const Cand *b) {
    return a->score < b->score || (a->score == b->score && a->tie < b->tie);
}

/* heapq's heap: (score, tie) are all different, so it pops in the same order. */
static inline int heap_push(Cands *h, const Cand *x) {
    if (cands_push(h, x) < 0) return -1;
    size_t i = h->n - 1;
    Cand c = h->v[i];
    while (i > 0) {
        size_t p = (i - 1) / 2;
        if (!cand_less(&c, &h->v[p])) break;
        h->v[i] = h->v[p];
        i = p;
    }
    h->v[i] = c;
    return 0;
}

static inline void sift_down(Cands *h, size_t i) {
    Cand c = h->v[i];
    size_t n = h->n;
    for (;;) {
        size_t l = 2 * i + 1;
        if (l >= n) break;
        if (l + 1 < n && cand_less(&h->v[l + 1], &h->v[l])) l++;
        if (!cand_less(&h->v[l], &c)) break;
        h->v[i] = h->v[l];
        i = l;
    }
    h->v[i] = c;
}

/* A layer's candidates as a heap: they are taken in sorted order, as Python's
 * sorted list, but only the few a selection takes pay for their order (what is
 * left goes to the reserve, ordered again if it is ever taken up). */
static inline void heapify(Cands *h) {
    for (size_t i = h->n / 2; i-- > 0;) sift_down(h, i);
}

static inline Cand heap_pop(Cands *h) {
    Cand top = h->v[0];
    if (--h->n) {
        h->v[0] = h->v[h->n];
        sift_down(h, 0);
    }
    return top;
}

/* The search (_beam.c). */
void beam_init(void);                /* once, before any search */
int beam_start(BeamSearch *b);       /* its sets; 0, or -1 without memory */
int beam_loop(BeamSearch *b, const RunArgs *ra, PyThreadState **ts); /* an R_ code */
int beam_path(BeamSearch *b, Move **out, size_t *count); /* the solution's moves; 0, -1 memory, -2 */
void beam_release(BeamSearch *b);    /* its memory back; it may run (or be released) again */

#endif
