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
#include "_state.h"
#include "_beam.h"
#include "_beam_search.h"
#include <limits.h>


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
    int below = len - run_length(b->rules, col, len), dis = 0, low = 99, dep = 0;
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
        nd->contrib[i] = (int32_t)sh;
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
        play_move(b->rules, st, b->ncols, m, 1);
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
    play_move(b->rules, &nd->s, b->ncols, m, closed);
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
        if (touched[t] >= 0)
            nd->contrib[touched[t]] = (int32_t)col_share(b, COL(st, touched[t]), st->len[touched[t]], nextc, &u);
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
                                              : is_safe(b->rules, uncovered, st->found))) {
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
    const Rules *R = b->rules;
    const int kings = R->kings; /* (read once: the stores to ms may alias it) */
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
            if (R->fits[c][TOP(st, tops[t])]) ms[nm++] = MOVE(CELL_TO_COL, c, tops[t], 1);
        if (first_empty >= 0 && (!kings || RANKI(c) == KING)) ms[nm++] = MOVE(CELL_TO_COL, c, first_empty, 1);
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
            int c = R->below[d][o], i = wi[c], k = wk[c];
            if (i >= 0 && i != j && (k == 1 || k <= cap_full)) ms[nm++] = MOVE(COL_TO_COL, i, j, k);
        }
    }
    for (int t = 0; t < nt; t++) {
        int i = tops[t], run = st->run[i];
        if (first_empty >= 0 && run < st->len[i]) {
            int k = run < cap_empty ? run : cap_empty;
            if (!kings)
                for (; k > 0; k--) ms[nm++] = MOVE(COL_TO_COL, i, first_empty, k);
            else /* only the run a king heads: the run's first card, if a king */
                for (; k > 0; k--)
                    if (RANKI(COL(st, i)[st->len[i] - k]) == KING) ms[nm++] = MOVE(COL_TO_COL, i, first_empty, k);
        }
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
int beam_loop(BeamSearch *b, const RunArgs *ra, PyThreadState **ts) {
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

/* One node array kept from a search for the next (up to SPARE_BYTES): a search
 * that follows another in the same process finds its largest array mapped
 * already. Freed, it is glibc's to keep or to hand back to the system, as the
 * history of the process's allocations decides; handed back, the next search
 * faults it in again page by page (a few per cent of a short search). Taken and
 * given back with the GIL held (BS_init, BS_run, dealloc): no two searches share it. */
#define SPARE_BYTES ((size_t)32 << 20)
static BNode *spare_nodes;
static size_t spare_cap;

void beam_release(BeamSearch *b) {
    if (b->nodes && !spare_nodes && b->ncap * sizeof *b->nodes <= SPARE_BYTES) {
        spare_nodes = b->nodes;
        spare_cap = b->ncap;
    } else {
        free(b->nodes);
    }
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

/* Beam._finish: the moves back to the start, then every card home, into a new
 * array (*out, *n moves). 0; -1 no memory; -2 a card could not go home (cannot
 * happen: a finished beam's columns are each one run). */
int beam_path(BeamSearch *b, Move **out, size_t *count) {
    size_t n = 0;
    for (int32_t l = b->sol_back; l >= 0; l = b->links[l].prev) n++;
    Move *path = malloc((n + NCARDS + 1) * sizeof *path);
    if (!path) return -1;
    size_t i = n, limit = n + NCARDS;
    for (int32_t l = b->sol_back; l >= 0; l = b->links[l].prev) path[--i] = b->links[l].m;
    State st = b->sol;
    int closed = b->closed0 || n > 0;
    while (!is_won(&st)) {
        Move m = first_home(&st, b->ncols);
        if (m == NO_MOVE || n >= limit) {
            free(path);
            return -2;
        }
        play_move(b->rules, &st, b->ncols, m, closed);
        closed = 1;
        path[n++] = m;
    }
    *out = path;
    *count = n;
    return 0;
}

int beam_start(BeamSearch *b) {
    if (spare_nodes && !b->nodes) {
        b->nodes = spare_nodes;
        b->ncap = spare_cap;
        spare_nodes = NULL;
    }
    return ks_init(&b->kept, 1024) < 0 || ks_init(&b->offered, 1024) < 0 ? -1 : 0;
}

void beam_init(void) { init_tables(); }
