/* The compiled beam search (solvers/beam.py, class Beam), optional.
 *
 * It does what Beam.run_python does, candidate for candidate: the same moves
 * offered in the same order with the same scores, the same ties (a layer's
 * candidates sorted by (score, order offered); the positions selection plays
 * itself numbered from 2^40 on), the same cap per parent, the same reserve and
 * refills, the same states counted and the same limits checked at the same
 * points. tests/test_beam_core.py compares the two; beam.py is the
 * specification, this file its speed.
 *
 * One difference by design: Python keys a position by the sum of its columns'
 * hashes with the free cells (the order of columns ignored); here the key is the
 * exact canonical key of _state.h (the same equivalence, no clash possible).
 * The two differ only where two Python sums clash, which would drop a position
 * from Python's beam.
 *
 * A candidate not played yet is its parent and its move (32 bytes); it is
 * played when selected. Nodes (positions played) live in one array and are
 * never freed before the search ends; the moves back to the start are a chain
 * of links in another. Of the reserve only the entries that later refills can
 * still reach are kept.
 */
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function" /* the complete search's parts of it */
#endif
#include "_state.h"
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
#include "_beam.h"
#include <limits.h>


static uint8_t BELOW[NCARDS][2]; /* the two cards that may lie on a card (ascending), NONE */

static void init_below(void) {
    for (int d = 0; d < NCARDS; d++) {
        int k = 0;
        BELOW[d][0] = BELOW[d][1] = NONE;
        for (int c = 0; c < NCARDS; c++)
            if (FITS[c][d] && k < 2) BELOW[d][k++] = (uint8_t)c;
    }
}

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

/* -- a set of exact keys (kept: the whole search; offered: one layer) ---------
 * A slot holds the key's index + 1 (0: empty) and, above it, the high half of
 * its hash: a probe that meets another key almost never reads that key (a
 * cache miss the lookups of offer() spent most of their time on). */
typedef struct {
    uint8_t *keys; /* count * KEYLEN */
    size_t count, cap;
    uint64_t *slot;
    size_t mask;
} KeySet;

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

static inline void ks_prefetch(const KeySet *s, uint64_t h) {
#if defined(__GNUC__)
    __builtin_prefetch(&s->slot[(size_t)h & s->mask]);
#else
    (void)s, (void)h;
#endif
}

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

/* -- nodes, links, candidates --------------------------------------------------- */
typedef struct {
    State s;                  /* columns in place, as Python's tuple */
    uint8_t key[KEYLEN + 1];  /* the exact key (and a spare byte) */
    int32_t unsorted;         /* cards below the columns' movable runs */
    int32_t back;             /* the last link of the moves here, -1: none */
    int64_t score;
    int64_t contrib[MAXCOLS]; /* each column's share of the score */
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

static int cands_push(Cands *c, const Cand *x) {
    if (grow((void **)&c->v, &c->cap, c->n + 1, sizeof *c->v) < 0) return -1;
    c->v[c->n++] = *x;
    return 0;
}

static inline int cand_less(const Cand *a, const Cand *b) {
    return a->score < b->score || (a->score == b->score && a->tie < b->tie);
}

/* heapq's heap: (score, tie) are all different, so it pops in the same order. */
static int heap_push(Cands *h, const Cand *x) {
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

static void sift_down(Cands *h, size_t i) {
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
static void heapify(Cands *h) {
    for (size_t i = h->n / 2; i-- > 0;) sift_down(h, i);
}

static Cand heap_pop(Cands *h) {
    Cand top = h->v[0], last = h->v[--h->n];
    size_t i = 0, n = h->n;
    for (;;) {
        size_t l = 2 * i + 1;
        if (l >= n) break;
        if (l + 1 < n && cand_less(&h->v[l + 1], &h->v[l])) l++;
        if (!cand_less(&h->v[l], &last)) break;
        h->v[i] = h->v[l];
        i = l;
    }
    if (n) h->v[i] = last;
    return top;
}

/* -- the search object ---------------------------------------------------------- */
typedef struct {
    PyObject_HEAD
    int ncols, ncells_total, closed0, all_home, set_up, busy, ran;
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

static long new_node(BeamSearch *b) {
    if (b->nn >= NO_NODE - 1) return -1;
    if (grow((void **)&b->nodes, &b->ncap, b->nn + 1, sizeof *b->nodes) < 0) return -1;
    if (b->ppcap < b->ncap) {
        size_t cap = b->ppcap;
        uint32_t *c = realloc(b->pp_count, b->ncap * sizeof *c);
        if (!c) return -1;
        b->pp_count = c;
        uint32_t *g = realloc(b->pp_gen, b->ncap * sizeof *g);
        if (!g) return -1;
        b->pp_gen = g;
        memset(b->pp_gen + cap, 0, (b->ncap - cap) * sizeof *g);
        b->ppcap = b->ncap;
    }
    return (long)b->nn++;
}

static int add_link(BeamSearch *b, int32_t *back, Move m) {
    if (b->nl >= 0x7ffffffe) return -1;
    if (grow((void **)&b->links, &b->lcap, b->nl + 1, sizeof *b->links) < 0) return -1;
    b->links[b->nl].prev = *back;
    b->links[b->nl].m = m;
    *back = (int32_t)b->nl++;
    return 0;
}

/* A column's share of the score (Beam.info and node: the cards below its run,
 * its disorder, the cards on each suit's next card) and *u the cards below its run. */
static inline int64_t col_share(const BeamSearch *b, const uint8_t *col, int len, const int *nextc, int *u) {
    if (!len) {
        *u = 0;
        return -b->w_empty;
    }
    int below = len - run_length(col, len), dis = 0, low = 99, dep = 0;
    for (int p = 0; p < len; p++) {
        int c = col[p], r = RANKI(c);
        if (r > low) dis++;
        else low = r;
        if (c == nextc[SUIT(c)]) dep += len - 1 - p;
    }
    *u = below;
    return b->w_uns * below + b->w_dis * dis + b->w_dep * dep;
}

static inline void next_cards(const uint8_t *found, int *nextc) {
    for (int s = 0; s < 4; s++) nextc[s] = found[s] < 13 ? found[s] * 4 + s : -1;
}

/* Beam.node: the score, shares and key of a node, from scratch. */
static void score_node(const BeamSearch *b, BNode *nd) {
    int nextc[4], uns = 0;
    const State *st = &nd->s;
    next_cards(st->found, nextc);
    int64_t sum = 0;
    for (int i = 0; i < b->ncols; i++) {
        int u;
        int64_t sh = col_share(b, COL(st, i), st->len[i], nextc, &u);
        nd->contrib[i] = sh;
        uns += u;
        sum += sh;
    }
    nd->score = b->w_home * (52 - st->found[0] - st->found[1] - st->found[2] - st->found[3]) + b->w_cells * st->ncell + sum;
    nd->unsorted = uns;
    state_key(st, b->ncols, nd->key);
    nd->key[KEYLEN] = 0;
}

/* The first move home of state.moves: a column's card (in column order), else a
 * free cell's (in card order); NO_MOVE when none. */
static Move first_home(const State *st, int ncols) {
    for (int i = 0; i < ncols; i++)
        if (st->len[i]) {
            int c = TOP(st, i);
            if (st->found[SUIT(c)] == RANKI(c)) return MOVE(HOME_COL, i, 0, 1);
        }
    for (int x = 0; x < st->ncell; x++) {
        int c = st->cell[x];
        if (st->found[SUIT(c)] == RANKI(c)) return MOVE(HOME_CELL, c, 0, 1);
    }
    return NO_MOVE;
}

/* Beam._sweep: every card that can go home goes; the moves join the chain. */
static int sweep(BeamSearch *b, State *st, int32_t *back) {
    for (;;) {
        Move m = first_home(st, b->ncols);
        if (m == NO_MOVE) return 0;
        play_move(st, b->ncols, m, 1);
        if (add_link(b, back, m) < 0) return -1;
    }
}

/* Beam.materialize: the child of node ``parent`` by ``m``, played in full.
 * When no card goes home the child differs from its parent in one card's code
 * of the key and in the columns the move touches: only those are worked out
 * again (the same figures as score_node's, in a fraction of the time). */
static long materialize(BeamSearch *b, uint32_t parent, Move m) {
    long k = new_node(b);
    if (k < 0) return -1;
    BNode *p = &b->nodes[parent], *nd = &b->nodes[k];
    int32_t back = p->back;
    int closed = b->closed0 || back >= 0, kind = KIND(m), card = 0, to = 0;
    int home = p->s.found[0] + p->s.found[1] + p->s.found[2] + p->s.found[3];
    if (kind >= CELL_TO_COL) move_code(&p->s, m, &card, &to);
    nd->s = p->s;
    play_move(&nd->s, b->ncols, m, closed);
    if (add_link(b, &back, m) < 0) return -1;
    if (b->all_home && sweep(b, &nd->s, &back) < 0) return -1;
    nd->back = back;
    const State *st = &nd->s;
    if (kind < CELL_TO_COL || st->found[0] + st->found[1] + st->found[2] + st->found[3] != home) {
        score_node(b, nd);
        return k;
    }
    int nextc[4], u, touched[2] = {kind == CELL_TO_COL ? -1 : MA(m), kind == COL_TO_CELL ? -1 : MB(m)};
    next_cards(st->found, nextc);
    memcpy(nd->contrib, p->contrib, sizeof nd->contrib);
    for (int t = 0; t < 2; t++)
        if (touched[t] >= 0) nd->contrib[touched[t]] = col_share(b, COL(st, touched[t]), st->len[touched[t]], nextc, &u);
    int64_t sum = 0;
    int uns = 0;
    for (int i = 0; i < b->ncols; i++) {
        sum += nd->contrib[i];
        uns += st->len[i] - st->run[i];
    }
    nd->score = b->w_home * (52 - home) + b->w_cells * st->ncell + sum;
    nd->unsorted = uns;
    memcpy(nd->key, p->key, KEYLEN + 1);
    set_code(nd->key, card, to);
    return k;
}

static int solution(BeamSearch *b, uint32_t node) {
    b->solved = 1;
    b->sol = b->nodes[node].s;
    b->sol_back = b->nodes[node].back;
    return 1;
}


/* -- Beam.expand ------------------------------------------------------------------ */
typedef struct {
    uint32_t idx;
    State st; /* copies: the node array may move */
    uint8_t key[KEYLEN + 1];
    int64_t contrib[MAXCOLS];
    int64_t score;
    int unsorted, exact_ok, nextc[4];
} Ex;

/* Beam.expand's offer() of a move and the key it leads to: 1 a solution, 0 on, -1 memory. */
static int offer(BeamSearch *b, const Ex *e, Move m, const uint8_t *key, uint64_t h) {
    const State *st = &e->st;
    int kind = KIND(m), a = MA(m), k = MN(m);
    int src = -1, dst = -1, uncovered = -1;
    if (ks_has(&b->kept, key, h) || ks_has(&b->offered, key, h)) return 0;
    if (ks_add(&b->offered, key, h) < 0) return -1;
    if (kind == CELL_TO_COL) {
        dst = MB(m);
    } else {
        src = a;
        if (kind == COL_TO_COL) dst = MB(m);
        else k = 1;
        if (st->len[a] > k) uncovered = COL(st, a)[st->len[a] - k - 1];
    }
    int64_t nscore = e->score + b->w_cells * (kind == COL_TO_CELL ? 1 : kind == CELL_TO_COL ? -1 : 0);
    int nuns = e->unsorted, u;
    if (src >= 0) {
        int len = st->len[src];
        nscore += col_share(b, COL(st, src), len - k, e->nextc, &u) - e->contrib[src];
        nuns += u - (len - st->run[src]);
    }
    if (dst >= 0) {
        uint8_t buf[NCARDS];
        int len = st->len[dst], n = len;
        memcpy(buf, COL(st, dst), len);
        if (kind == CELL_TO_COL) buf[n++] = (uint8_t)a; /* the card from the cell */
        else {
            memcpy(buf + n, COL(st, src) + st->len[src] - k, k);
            n += k;
        }
        nscore += col_share(b, buf, n, e->nextc, &u) - e->contrib[dst];
        nuns += u - (len - st->run[dst]);
    }
    Cand c;
    c.tie = (int64_t)b->cands.n;
    c.parent = e->idx;
    if (nuns == 0 || !e->exact_ok) { /* done, or windows' first move: played now */
        long child = materialize(b, e->idx, m);
        if (child < 0) return -1;
        if (b->nodes[child].unsorted == 0) return solution(b, (uint32_t)child);
        c.score = b->nodes[child].score;
        c.kind = PLAYED;
        c.x = (uint32_t)child;
    } else if (uncovered >= 0 && (b->all_home ? st->found[SUIT(uncovered)] == RANKI(uncovered)
                                              : is_safe(uncovered, st->found))) {
        c.score = nscore - b->w_home; /* the uncovered card goes home: played when selected */
        c.kind = LATER;
        c.x = m;
    } else {
        c.score = nscore;
        c.kind = EXACT;
        c.x = m;
    }
    return cands_push(&b->cands, &c);
}

/* The moves of a position in Python's order (free cells to columns, runs onto
 * columns, into the first empty column, to a free cell), then offered in that
 * order. Their keys and hashes come first, so the two sets' slots are fetched
 * from memory while the others are computed. */
#define MAX_MOVES 512 /* 15 cells x 11 places + 2 per column + runs into an empty one + to a cell */
static int expand(BeamSearch *b, uint32_t idx) {
    Ex e;
    const BNode *nd = &b->nodes[idx];
    e.idx = idx;
    e.st = nd->s;
    memcpy(e.key, nd->key, KEYLEN + 1);
    memcpy(e.contrib, nd->contrib, sizeof e.contrib);
    e.score = nd->score;
    e.unsorted = nd->unsorted;
    e.exact_ok = b->closed0 || nd->back >= 0;
    next_cards(e.st.found, e.nextc);
    const State *st = &e.st;
    int ncols = b->ncols, first_empty = -1, n_empty = 0, tops[MAXCOLS], nt = 0, nm = 0;
    Move ms[MAX_MOVES];
    int free_ = b->ncells_total - st->ncell;
    for (int i = 0; i < ncols; i++) {
        if (st->len[i]) tops[nt++] = i;
        else {
            n_empty++;
            if (first_empty < 0) first_empty = i;
        }
    }
    /* free cell -> column */
    for (int x = 0; x < st->ncell; x++) {
        int c = st->cell[x];
        for (int t = 0; t < nt; t++)
            if (FITS[c][TOP(st, tops[t])]) ms[nm++] = MOVE(CELL_TO_COL, c, tops[t], 1);
        if (first_empty >= 0) ms[nm++] = MOVE(CELL_TO_COL, c, first_empty, 1);
    }
    const int *row = b->caps + free_ * (ncols + 1);
    int cap_full = row[n_empty], cap_empty = n_empty ? row[n_empty - 1] : 0;
    /* column -> column: the cards that fit on a column's end, among the runs */
    int8_t wi[NCARDS + 1], wk[NCARDS + 1];
    memset(wi, -1, sizeof wi);
    for (int t = 0; t < nt; t++) {
        int i = tops[t], len = st->len[i];
        const uint8_t *col = COL(st, i);
        for (int k = 1; k <= st->run[i]; k++) {
            wi[col[len - k]] = (int8_t)i;
            wk[col[len - k]] = (int8_t)k;
        }
    }
    for (int t = 0; t < nt; t++) {
        int j = tops[t], d = TOP(st, j);
        for (int o = 0; o < 2; o++) {
            int c = BELOW[d][o], i = wi[c], k = wk[c];
            if (i >= 0 && i != j && (k == 1 || k <= cap_full)) ms[nm++] = MOVE(COL_TO_COL, i, j, k);
        }
    }
    for (int t = 0; t < nt; t++) {
        int i = tops[t], run = st->run[i];
        if (first_empty >= 0 && run < st->len[i])
            for (int k = run < cap_empty ? run : cap_empty; k > 0; k--) ms[nm++] = MOVE(COL_TO_COL, i, first_empty, k);
        if (free_) ms[nm++] = MOVE(COL_TO_CELL, i, 0, 1);
    }
    uint8_t keys[MAX_MOVES][KEYLEN + 1];
    uint64_t hs[MAX_MOVES];
    for (int x = 0; x < nm; x++) {
        int card, to;
        move_code(st, ms[x], &card, &to);
        memcpy(keys[x], e.key, KEYLEN + 1);
        set_code(keys[x], card, to);
        hs[x] = hash_key(keys[x]);
        ks_prefetch(&b->kept, hs[x]);
        ks_prefetch(&b->offered, hs[x]);
    }
    for (int x = 0; x < nm; x++) {
        int r = offer(b, &e, ms[x], keys[x], hs[x]);
        if (r) return r;
    }
    return 0;
}

/* -- Beam._select ------------------------------------------------------------------ */
static uint32_t *pp_slot(BeamSearch *b, uint32_t parent) {
    if (parent == NO_NODE) {
        if (b->root_gen != b->gen) b->root_gen = b->gen, b->root_count = 0;
        return &b->root_count;
    }
    if (b->pp_gen[parent] != b->gen) b->pp_gen[parent] = b->gen, b->pp_count[parent] = 0;
    return &b->pp_count[parent];
}

static int push_reserve(BeamSearch *b, Cands *c) {
    if (grow((void **)&b->reserve, &b->rescap, b->nres + 1, sizeof *b->reserve) < 0) return -1;
    b->reserve[b->nres++] = *c;
    return 0;
}

/* The next layer into b->layer: 1 a solution, 0 on, -1 memory. What the
 * selection leaves out goes to the reserve. */
/* A move home from ``node``, played now: its position joins this selection
 * (unless placed before). 0, or what select_layer returns for a solution (the
 * move leaves only moves home) or an error. */
static int offer_home(BeamSearch *b, uint32_t node, Move m) {
    long k = materialize(b, node, m);
    if (k < 0) return -1;
    BNode *ch = &b->nodes[k];
    if (ch->unsorted == 0) return solution(b, (uint32_t)k);
    if (!ks_has(&b->kept, ch->key, hash_key(ch->key))) {
        Cand w = {ch->score, b->tie++, node, (uint32_t)k, PLAYED};
        if (heap_push(&b->extra, &w) < 0) return -1;
    }
    return 0;
}

static int select_layer(BeamSearch *b, long long max_refills) {
    Cands *pool = &b->pool; /* a heap */
    b->nlayer = 0;
    b->extra.n = 0;
    b->skipped.n = 0;
    b->gen++;
    while ((long long)b->nlayer < b->width) {
        Cand cand;
        if (b->extra.n && (!pool->n || cand_less(&b->extra.v[0], &pool->v[0]))) cand = heap_pop(&b->extra);
        else if (pool->n) cand = heap_pop(pool);
        else break;
        if (b->per_parent && (long long)*pp_slot(b, cand.parent) >= b->per_parent) {
            if (cands_push(&b->skipped, &cand) < 0) return -1;
            continue;
        }
        uint32_t node;
        uint64_t h;
        if (cand.kind == LATER) {
            long k = materialize(b, cand.parent, cand.x);
            if (k < 0) return -1;
            BNode *nd = &b->nodes[k];
            if (nd->unsorted == 0) return solution(b, (uint32_t)k);
            h = hash_key(nd->key);
            if (ks_has(&b->kept, nd->key, h)) continue;
            const Cand *nxt = b->extra.n ? &b->extra.v[0] : NULL;
            if (pool->n && (!nxt || cand_less(&pool->v[0], nxt))) nxt = &pool->v[0];
            if (nxt && nxt->score < nd->score) { /* wait for its turn */
                Cand w = {nd->score, b->tie++, cand.parent, (uint32_t)k, PLAYED};
                if (heap_push(&b->extra, &w) < 0) return -1;
                continue;
            }
            node = (uint32_t)k;
        } else if (cand.kind == EXACT) {
            uint8_t key[KEYLEN + 1];
            int card, to;
            const BNode *p = &b->nodes[cand.parent];
            move_code(&p->s, cand.x, &card, &to);
            memcpy(key, p->key, KEYLEN + 1);
            set_code(key, card, to);
            h = hash_key(key);
            if (ks_has(&b->kept, key, h)) continue;
            long k = materialize(b, cand.parent, cand.x); /* nothing goes home: the same key */
            if (k < 0) return -1;
            node = (uint32_t)k;
        } else {
            node = cand.x;
            h = hash_key(b->nodes[node].key);
            if (ks_has(&b->kept, b->nodes[node].key, h)) continue;
        }
        if (ks_add(&b->kept, b->nodes[node].key, h) < 0) return -1;
        if (grow((void **)&b->layer, &b->laycap, b->nlayer + 1, sizeof *b->layer) < 0) return -1;
        b->layer[b->nlayer++] = node;
        if (b->per_parent) (*pp_slot(b, cand.parent))++;
        if (b->all_home) continue;
        /* Moves to the foundation that are not safe cost no layer: their
         * positions join this selection. */
        State st = b->nodes[node].s;
        for (int i = 0; i < b->ncols; i++) {
            if (!st.len[i]) continue;
            int c = TOP(&st, i);
            if (st.found[SUIT(c)] != RANKI(c)) continue;
            int r = offer_home(b, node, MOVE(HOME_COL, i, 0, 1));
            if (r) return r;
        }
        for (int x = 0; x < st.ncell; x++) {
            int c = st.cell[x];
            if (st.found[SUIT(c)] != RANKI(c)) continue;
            int r = offer_home(b, node, MOVE(HOME_CELL, c, 0, 1));
            if (r) return r;
        }
    }
    size_t n = pool->n, left = n + b->extra.n + b->skipped.n;
    if (left) {
        Cands c = {malloc(left * sizeof(Cand)), 0, left};
        if (!c.v) return -1;
        memcpy(c.v, pool->v, n * sizeof(Cand));
        memcpy(c.v + n, b->extra.v, b->extra.n * sizeof(Cand));
        memcpy(c.v + n + b->extra.n, b->skipped.v, b->skipped.n * sizeof(Cand));
        c.n = left;
        if (push_reserve(b, &c) < 0) {
            free(c.v);
            return -1;
        }
        /* Refills take the most recent entry: those more than the refills
         * still allowed below the top can never be taken. */
        long long reach = max_refills - b->refills;
        if (reach < 0) reach = 0;
        size_t drop = b->nres > (size_t)reach ? b->nres - (size_t)reach : 0;
        if (drop) {
            for (size_t i = 0; i < drop; i++) free(b->reserve[i].v);
            memmove(b->reserve, b->reserve + drop, (b->nres - drop) * sizeof *b->reserve);
            b->nres -= drop;
        }
    }
    return 0;
}

/* -- Beam.run ---------------------------------------------------------------------- */
enum { R_NONE, R_SOLVED, R_MEMORY, R_PROGRESS, R_ERROR };

typedef struct {
    int has_time, has_states;
    double time_left, t0, elapsed0;
    long long max_states, max_refills;
    PyObject *progress;
} RunArgs;

static int beam_loop(BeamSearch *b, const RunArgs *ra, PyThreadState **ts) {
    /* the start */
    long k = new_node(b);
    if (k < 0) return R_MEMORY;
    BNode *root = &b->nodes[k];
    root->s = b->start;
    int32_t back = -1;
    if (b->all_home && sweep(b, &root->s, &back) < 0) return R_MEMORY;
    root->back = back;
    score_node(b, root);
    if (root->unsorted == 0) {
        solution(b, (uint32_t)k);
        return R_SOLVED;
    }
    Cand c0 = {root->score, -1, NO_NODE, (uint32_t)k, PLAYED};
    if (cands_push(&b->pool, &c0) < 0) return R_MEMORY;
    for (long long depth = 0; depth < b->max_depth; depth++) {
        int r = select_layer(b, ra->max_refills);
        if (r < 0) return R_MEMORY;
        if (r > 0) return R_SOLVED;
        ks_clear(&b->offered);
        b->cands.n = 0;
        long long room = ra->max_states - b->states;
        for (size_t i = 0; i < b->nlayer; i++) {
            r = expand(b, b->layer[i]);
            if (r < 0) return R_MEMORY;
            if (r > 0) {
                b->states += (long long)b->offered.count;
                return R_SOLVED;
            }
            if (ra->has_states && (long long)b->offered.count >= room) {
                b->states += (long long)b->offered.count;
                b->stopped = 1;
                return R_NONE;
            }
            if (ra->has_time && !((i + 1) & 15) && mono_now() - ra->t0 > ra->time_left) {
                b->states += (long long)b->offered.count;
                b->stopped = 2;
                return R_NONE;
            }
        }
        b->states += (long long)b->offered.count;
        if (ra->has_time && mono_now() - ra->t0 > ra->time_left) {
            b->stopped = 2;
            return R_NONE;
        }
        if (ra->has_states && b->states >= ra->max_states) {
            b->stopped = 1;
            return R_NONE;
        }
        /* progress and signals, with the GIL */
        PyEval_RestoreThread(*ts);
        int failed = PyErr_CheckSignals() < 0;
        if (!failed && ra->progress) {
            PyObject *res = PyObject_CallFunction(ra->progress, "Ld", b->states, ra->elapsed0 + mono_now() - ra->t0);
            failed = res == NULL;
            Py_XDECREF(res);
        }
        *ts = PyEval_SaveThread();
        if (failed) return R_PROGRESS;
        if (b->cands.n) {
            heapify(&b->cands);
            Cands t = b->pool;
            b->pool = b->cands;
            b->cands = t;
            b->cands.n = 0;
        } else if (b->nres && b->refills < ra->max_refills) {
            b->refills++;
            free(b->pool.v);
            b->pool = b->reserve[--b->nres];
            heapify(&b->pool);
        } else {
            return R_NONE;
        }
    }
    return R_NONE;
}

/* Beam._finish: the moves back to the start, then every card home. NULL with
 * an exception set on failure (needs the GIL). */
static PyObject *finish_path(BeamSearch *b) {
    size_t n = 0;
    for (int32_t l = b->sol_back; l >= 0; l = b->links[l].prev) n++;
    Move *path = malloc((n + NCARDS + 1) * sizeof *path);
    if (!path) return PyErr_NoMemory();
    size_t i = n, limit = n + NCARDS;
    for (int32_t l = b->sol_back; l >= 0; l = b->links[l].prev) path[--i] = b->links[l].m;
    State st = b->sol;
    int closed = b->closed0 || n > 0;
    while (!is_won(&st)) {
        Move m = first_home(&st, b->ncols);
        if (m == NO_MOVE || n >= limit) { /* cannot happen: every column is one run */
            free(path);
            PyErr_SetString(PyExc_RuntimeError, "a finished beam left a card that cannot go home");
            return NULL;
        }
        play_move(&st, b->ncols, m, closed);
        closed = 1;
        path[n++] = m;
    }
    PyObject *out = PyList_New((Py_ssize_t)n);
    for (size_t j = 0; out && j < n; j++) {
        Move m = path[j];
        PyObject *t = Py_BuildValue("(iiii)", KIND(m), MA(m), MB(m), MN(m));
        if (!t) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, (Py_ssize_t)j, t);
    }
    free(path);
    return out;
}

static void beam_release(BeamSearch *b) {
    free(b->nodes);
    free(b->links);
    ks_free(&b->kept);
    ks_free(&b->offered);
    free(b->cands.v);
    free(b->pool.v);
    free(b->extra.v);
    free(b->skipped.v);
    for (size_t i = 0; i < b->nres; i++) free(b->reserve[i].v);
    free(b->reserve);
    free(b->layer);
    free(b->pp_count);
    free(b->pp_gen);
    b->nodes = NULL;
    b->links = NULL;
    b->cands.v = b->pool.v = b->extra.v = b->skipped.v = NULL;
    b->reserve = NULL;
    b->layer = NULL;
    b->pp_count = b->pp_gen = NULL;
    b->nn = b->ncap = b->nl = b->lcap = b->nres = b->rescap = b->nlayer = b->laycap = b->ppcap = 0;
    b->cands.n = b->cands.cap = b->pool.n = b->pool.cap = b->extra.n = b->extra.cap = b->skipped.n = b->skipped.cap = 0;
}

static void BS_dealloc(BeamSearch *b) {
    beam_release(b);
    Py_TYPE(b)->tp_free((PyObject *)b);
}

#define MAX_WEIGHT 1000000 /* each weight; the score then stays far from overflow */

static int BS_init(BeamSearch *b, PyObject *args, PyObject *kw) {
    static char *names[] = {"cols", "cells", "found", "ncells", "caps", "closed", "width", "weights",
                            "max_depth", "all_home", "per_parent", NULL};
    PyObject *cols, *cells, *found, *caps, *weights;
    int ncells_total, closed, all_home;
    long long width, max_depth, per_parent;
    State st;
    if (b->set_up) return bad("a BeamSearch is set up once");
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOOiOpLOLpL", names, &cols, &cells, &found, &ncells_total, &caps,
                                     &closed, &width, &weights, &max_depth, &all_home, &per_parent))
        return -1;
    if (parse_state(cols, cells, found, &st, &b->ncols) < 0) return -1;
    if (ncells_total < st.ncell || ncells_total > MAXCELLS) return bad("ncells: 0 to 15, at least the cards in cells");
    if (parse_caps(caps, ncells_total, b->ncols, b->caps) < 0) return -1;
    if (!PyTuple_Check(weights) || PyTuple_GET_SIZE(weights) != 6)
        return bad("weights: a tuple of 6 whole numbers (home, unsorted, cells, disorder, depth, empty)");
    int64_t w[6];
    for (int i = 0; i < 6; i++) {
        PyObject *v = PyTuple_GET_ITEM(weights, i);
        if (!PyLong_Check(v)) return bad("weights: whole numbers");
        int overflow = 0;
        long long x = PyLong_AsLongLongAndOverflow(v, &overflow);
        if (x == -1 && PyErr_Occurred()) return -1;
        if (overflow || x < -MAX_WEIGHT || x > MAX_WEIGHT) return bad("weights: each within -1000000..1000000");
        w[i] = x;
    }
    if (width > 0x7fffffffLL) return bad("width: at most 2147483647");
    b->w_home = w[0], b->w_uns = w[1], b->w_cells = w[2], b->w_dis = w[3], b->w_dep = w[4], b->w_empty = w[5];
    b->ncells_total = ncells_total;
    b->closed0 = closed;
    b->all_home = all_home;
    b->width = width; /* as Python: no more than width, none when it is 0 or less */
    b->max_depth = max_depth;
    b->per_parent = per_parent;
    b->start = st;
    b->tie = (int64_t)1 << 40;
    if (ks_init(&b->kept, 1024) < 0 || ks_init(&b->offered, 1024) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    b->set_up = 1;
    return 0;
}

static PyObject *BS_run(BeamSearch *b, PyObject *args, PyObject *kw) {
    static char *names[] = {"time_left", "max_states", "progress", "elapsed", "max_refills", NULL};
    PyObject *time_left = Py_None, *max_states = Py_None, *progress = Py_None;
    double elapsed = 0.0;
    long long max_refills = 8;
    RunArgs ra;
    memset(&ra, 0, sizeof ra);
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|OOOdL", names, &time_left, &max_states, &progress, &elapsed,
                                     &max_refills))
        return NULL;
    if (!b->set_up) return bad("the search was not set up"), NULL;
    if (b->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this search is running in another thread");
        return NULL;
    }
    if (b->ran) return bad("a BeamSearch runs once"), NULL;
    if (time_left != Py_None) {
        ra.time_left = PyFloat_AsDouble(time_left);
        if (ra.time_left == -1.0 && PyErr_Occurred()) return NULL;
        if (ra.time_left != ra.time_left) return bad("time_left: a number of seconds, not NaN"), NULL;
        ra.has_time = 1;
    }
    if (max_states != Py_None) {
        if (!PyLong_Check(max_states)) return bad("max_states: a whole number or None"), NULL;
        int overflow = 0;
        ra.max_states = PyLong_AsLongLongAndOverflow(max_states, &overflow);
        if (ra.max_states == -1 && PyErr_Occurred()) return NULL;
        if (overflow > 0) ra.max_states = LLONG_MAX / 2; /* never reached */
        else if (overflow < 0) ra.max_states = LLONG_MIN / 2;
        ra.has_states = 1;
    }
    if (progress != Py_None) {
        if (!PyCallable_Check(progress)) return bad("progress: a callable or None"), NULL;
        ra.progress = progress;
    }
    ra.elapsed0 = elapsed;
    ra.max_refills = max_refills;
    b->ran = b->busy = 1;
    Py_INCREF(b);
    Py_XINCREF(ra.progress);
    ra.t0 = mono_now();
    PyThreadState *ts = PyEval_SaveThread();
    int r = beam_loop(b, &ra, &ts);
    PyEval_RestoreThread(ts);
    Py_XDECREF(ra.progress);
    b->busy = 0;
    PyObject *out;
    if (r == R_SOLVED) out = finish_path(b);
    else if (r == R_MEMORY) out = PyErr_NoMemory();
    else if (r == R_PROGRESS) out = NULL;
    else {
        Py_INCREF(Py_None);
        out = Py_None;
    }
    /* The path is out: the search's memory goes back now, not when the object does. */
    beam_release(b);
    Py_DECREF(b);
    return out;
}

static PyObject *BS_get_states(BeamSearch *b, void *c) { return PyLong_FromLongLong(b->states); }
static PyObject *BS_get_refills(BeamSearch *b, void *c) { return PyLong_FromLongLong(b->refills); }
static PyObject *BS_get_stopped(BeamSearch *b, void *c) {
    if (b->stopped == 1) return PyUnicode_FromString("states");
    if (b->stopped == 2) return PyUnicode_FromString("time");
    Py_RETURN_NONE;
}

static PyMethodDef BS_methods[] = {
    {"run", (PyCFunction)(void (*)(void))BS_run, METH_VARARGS | METH_KEYWORDS,
     "run(time_left=None, max_states=None, progress=None, elapsed=0.0, max_refills=8) -> the search moves of a "
     "solution, or None (then ``stopped`` says whether a limit stopped it). Beam.run_python, compiled; once."},
    {NULL}};

static PyGetSetDef BS_getset[] = {
    {"states", (getter)BS_get_states, NULL, "positions offered (Beam.states)", NULL},
    {"refills", (getter)BS_get_refills, NULL, "layers taken up again from the reserve", NULL},
    {"stopped", (getter)BS_get_stopped, NULL, "None, 'states' or 'time': the limit that stopped the search", NULL},
    {NULL}};

static PyTypeObject BeamSearchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "freecell_cli.solvers._core.BeamSearch",
    .tp_basicsize = sizeof(BeamSearch),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "BeamSearch(cols, cells, found, ncells, caps, closed, width, weights, max_depth, all_home, per_parent): "
              "beam.Beam's search, compiled.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)BS_init,
    .tp_dealloc = (destructor)BS_dealloc,
    .tp_methods = BS_methods,
    .tp_getset = BS_getset,
};

int beam_register(PyObject *module) {
    init_tables();
    init_below();
    if (PyType_Ready(&BeamSearchType) < 0) return -1;
    Py_INCREF(&BeamSearchType);
    if (PyModule_AddObject(module, "BeamSearch", (PyObject *)&BeamSearchType) < 0) {
        Py_DECREF(&BeamSearchType);
        return -1;
    }
    return 0;
}
