/* The compiled optimal search (solvers/optimal.py, optimal_search), optional.
 *
 * It does what the Python A* does, position for position: the same moves in the
 * same order (columns kept sorted, as a key reads back), the same cost (one for a
 * move to a column or a cell, none home), the same bound, the same queue order
 * (lowest cost plus bound first, then the most moves made, then first queued),
 * the same upper bound and the same limits checked at the same counts; so it takes
 * the same positions and finds the same line. tests/test_optimal_core.py compares
 * the two; optimal.py is the specification, this file its speed.
 *
 * A position is stored once, by its exact key (_seen.h), with its cost (a byte),
 * the position it was reached from and the move; it is read back from its key when
 * it is taken. The queue is a first-in first-out list per (cost plus bound, cost).
 */
#include "_state.h"
#include "_seen.h"
#include "_optimal.h"

#define MAXG 256 /* costs: a line of 255 moves at most */
#define MAXF (MAXG + 64)

typedef struct {
    uint32_t *v;
    size_t head, n, cap;
} Fifo;

typedef struct {
    PyObject_HEAD
    int ncols, ncells_total, closed0, set_up, busy, upper;
    const Rules *rules;
    int caps[(MAXCELLS + 1) * (MAXCOLS + 1)];
    Seen seen;
    uint8_t *g;        /* per position: its cost so far */
    uint32_t *parent;  /* the position it was reached from (index), the start its own */
    Move *move;        /* the move that reached it */
    size_t ncap;
    Fifo *q;           /* MAXF x MAXG lists */
    int fmin;          /* no list below this cost plus bound holds anything */
    long long taken;
    int bound, status; /* status: 0 running, 1 solved, 2 bound met, 3 unsolvable, 4 no room */
    uint32_t goal, pending; /* pending: taken, its children not made yet */
} Optimal;

#define NO_PENDING 0xffffffffu

static int fifo_push(Fifo *f, uint32_t x) {
    if (f->head + f->n == f->cap) {
        if (f->head) { /* room at the front: move down */
            memmove(f->v, f->v + f->head, f->n * sizeof *f->v);
            f->head = 0;
        } else {
            size_t cap = f->cap ? f->cap * 2 : 16;
            uint32_t *v = realloc(f->v, cap * sizeof *v);
            if (!v) return -1;
            f->v = v;
            f->cap = cap;
        }
    }
    f->v[f->head + f->n++] = x;
    return 0;
}

/* optimal.column_bound: the runs of a column holding a card above a lower card
 * of its own suit. */
static int column_bound(const Rules *R, const uint8_t *col, int len) {
    int low[4] = {99, 99, 99, 99}, need = 0, counted = 0;
    for (int i = 0; i < len; i++) {
        int c = col[i], r = RANKI(c), s = SUIT(c);
        if (i == 0 || !R->fits[c][col[i - 1]]) counted = 0;
        if (low[s] < r && !counted) {
            need++;
            counted = 1;
        }
        if (r < low[s]) low[s] = r;
    }
    return need;
}

/* optimal.lower_bound: the runs column_bound counts, then cycles of "goes home
 * before" across columns, shortest first (the lowest card first among equals),
 * each through runs not counted yet; its runs are then counted. Cards as bits
 * of a 64-bit word, as the Python side uses the bits of an int: the same cycles
 * in the same order. */
static int bfs_levels(int x, const uint64_t *below, uint64_t blocked, int best, uint64_t *levels, int *nlevels) {
    levels[0] = below[x];
    uint64_t seen = below[x];
    int length = 1, n = 1;
    while (levels[n - 1] && (best < 0 || length + 1 < best)) {
        uint64_t nxt = 0, bits = levels[n - 1];
        while (bits) {
            int c = __builtin_ctzll(bits);
            bits &= bits - 1;
            if (c < 48) nxt |= 1ULL << (c + 4);
            if (!(blocked >> c & 1)) nxt |= below[c];
        }
        length++;
        if (nxt >> x & 1) {
            *nlevels = n;
            return length;
        }
        nxt &= ~seen;
        seen |= nxt;
        levels[n++] = nxt;
    }
    return -1;
}

static int lower_bound(const Rules *R, const State *st, int ncols) {
    /* below[] of a card in a free cell stays 0: it lies on nothing */
    uint64_t below[NCARDS] = {0}, runs[NCARDS], levels[NCARDS + 1], present = 0, stuck = 0, blocked = 0;
    uint8_t where[NCARDS];
    int nruns = 0, h = 0;
    for (int i = 0; i < ncols; i++) {
        const uint8_t *col = COL(st, i);
        int len = st->len[i], low[4] = {99, 99, 99, 99}, counted = 0;
        uint64_t under = 0;
        for (int j = 0; j < len; j++) {
            int c = col[j], r = RANKI(c), s = SUIT(c);
            if (j == 0 || !R->fits[c][col[j - 1]]) {
                runs[nruns++] = 0;
                counted = 0;
            }
            runs[nruns - 1] |= 1ULL << c;
            where[c] = (uint8_t)(nruns - 1);
            below[c] = under;
            under |= 1ULL << c;
            present |= 1ULL << c;
            if (low[s] < r && !counted) {
                counted = 1;
                h++;
                stuck |= 1ULL << (nruns - 1);
            }
            if (r < low[s]) low[s] = r;
        }
    }
    for (int i = 0; i < nruns; i++)
        if (stuck >> i & 1) blocked |= runs[i];
    /* Arrows are only ever taken away (blocked grows), so a card's shortest
     * cycle only grows from one round to the next, and so does the shortest of
     * all: ``shortest[x]`` keeps what is known of each card's (NO_CYCLE: none,
     * ever), and a round stops at the first card whose cycle is as short as the
     * last round's. The cycle chosen is the one the plain scan chooses. */
    enum { NO_CYCLE = 255 };
    uint8_t shortest[NCARDS] = {0};
    /* No cycle left is shorter than 4: it needs two arrows "lies above" (with one,
     * the card above is a higher card of the suit of one below it: counted
     * already) and an arrow of the suit after each. */
    int floor_len = 4;
    for (;;) {
        int best = -1, bx = -1, nlevels = 0;
        for (uint64_t xs = present & ~blocked; xs; xs &= xs - 1) {
            int x = __builtin_ctzll(xs);
            if (!below[x] || shortest[x] == NO_CYCLE || (best >= 0 && shortest[x] >= best)) continue;
            int len = bfs_levels(x, below, blocked, best, levels, &nlevels);
            if (len < 0) {
                shortest[x] = best < 0 ? NO_CYCLE : (uint8_t)best; /* none at all, or none shorter than best */
                continue;
            }
            shortest[x] = (uint8_t)len;
            if (best < 0 || len < best) {
                best = len;
                bx = x;
                if (best == floor_len) break;
            }
        }
        if (best < 0) return h;
        floor_len = best;
        bfs_levels(bx, below, blocked, -1, levels, &nlevels); /* the winner's levels again */
        uint64_t taken = runs[where[bx]];
        int cur = bx;
        for (int j = nlevels - 1; j >= 0; j--) {
            uint64_t bits = levels[j];
            int p = -1;
            while (bits) {
                p = __builtin_ctzll(bits);
                bits &= bits - 1;
                if (p + 4 == cur) break;
                if (!(blocked >> p & 1) && (below[p] >> cur & 1)) {
                    taken |= runs[where[p]];
                    break;
                }
            }
            cur = p;
        }
        blocked |= taken;
        h++;
    }
}

/* column_bound summed: never more than lower_bound, and cheap (a first test
 * against the line known). */
static int stuck_bound(const Rules *R, const State *st, int ncols) {
    int h = 0;
    for (int i = 0; i < ncols; i++) h += column_bound(R, COL(st, i), st->len[i]);
    return h;
}

static int all_runs(const State *st, int ncols) {
    for (int i = 0; i < ncols; i++)
        if (st->run[i] != st->len[i]) return 0;
    return 1;
}

/* Room for the arrays of position ``idx``: 0, or -1. */
static int node_room(Optimal *o, size_t idx) {
    if (idx < o->ncap) return 0;
    size_t cap = o->ncap ? o->ncap + o->ncap / 2 : 4096;
    while (cap <= idx) cap += cap / 2;
    uint8_t *g = realloc(o->g, cap);
    if (!g) return -1;
    o->g = g;
    uint32_t *p = realloc(o->parent, cap * sizeof *p);
    if (!p) return -1;
    o->parent = p;
    Move *m = realloc(o->move, cap * sizeof *m);
    if (!m) return -1;
    o->move = m;
    o->ncap = cap;
    return 0;
}

static int queue(Optimal *o, int f, int g, uint32_t idx) {
    if (f >= MAXF || g >= MAXG) return -1;
    if (fifo_push(&o->q[f * MAXG + g], idx) < 0) return -1;
    if (f < o->fmin) o->fmin = f;
    return 0;
}

/* A child found (``child``, or the move ``m`` from ``st`` when it is NULL): kept
 * and queued unless known at no more cost, or unable to beat the line known.
 * Its bound is worked out only then (most children are known already). 0, or
 * -1 (no room). */
static int offer(Optimal *o, uint32_t parent, Move m, int ng, const uint8_t *key, uint32_t h, const State *st,
                 int closed, const State *child) {
    size_t at = 0;
    uint32_t found = seen_find(&o->seen, key, h, &at);
    if (found && o->g[found - 1] <= ng) return 0;
    State made;
    if (!child) {
        made = *st;
        play_move(o->rules, &made, o->ncols, m, closed);
        child = &made;
    }
    if (o->upper >= 0 && ng + stuck_bound(o->rules, child, o->ncols) >= o->upper) return 0; /* a first, cheap test */
    int nf = ng + lower_bound(o->rules, child, o->ncols);
    if (o->upper >= 0 && nf >= o->upper) return 0; /* it cannot beat the line known */
    if (!found) {
        found = seen_put(&o->seen, key, h, at);
        if (!found || node_room(o, found - 1) < 0) return -1;
    }
    uint32_t c = found - 1;
    o->g[c] = (uint8_t)ng;
    o->parent[c] = parent;
    o->move[c] = m;
    return queue(o, nf, ng, c);
}

/* The children of position ``idx`` (``st``), queued: 0, or -1 (no room). A move
 * between columns and free cells that sends nothing home changes what one card
 * lies on: its key is the parent's with one code changed. */
static int expand(Optimal *o, uint32_t idx, const State *st) {
    Move ms[STATE_MAX_MOVES];
    uint8_t key[KEYLEN + 1], pkey[KEYLEN];
    memcpy(pkey, o->seen.keys + (size_t)idx * KEYLEN, KEYLEN); /* a copy: the key array may move as it grows */
    int g = o->g[idx], closed = o->closed0 || idx != 0;
    int n = state_moves(o->rules, st, o->ncols, o->ncells_total, o->caps, ms);
    for (int i = 0; i < n; i++) {
        Move m = ms[i];
        int kind = KIND(m), card, to, r;
        int ng = g + (kind > HOME_CELL);
        if (simple_change(o->rules, st, m, closed, &card, &to)) {
            memcpy(key, pkey, KEYLEN);
            set_code(key, card, to);
            r = offer(o, idx, m, ng, key, seen_hash(key), st, closed, NULL);
        } else {
            State child = *st;
            play_move(o->rules, &child, o->ncols, m, closed);
            sort_cols(&child, o->ncols);
            state_key(&child, o->ncols, key);
            r = offer(o, idx, m, ng, key, seen_hash(key), st, closed, &child);
        }
        if (r < 0) return -1;
    }
    return 0;
}

/* Runs until at least ``slice`` more positions were taken, stopping where Python
 * checks its limits (a count that is a multiple of 256, before that position's
 * children: they are made when the search goes on), or an answer. */
static void opt_run(Optimal *o, long long slice) {
    long long stop = o->taken + slice;
    State st;
    if (o->pending != NO_PENDING) {
        uint32_t idx = o->pending;
        o->pending = NO_PENDING;
        decode(o->rules, o->seen.keys + (size_t)idx * KEYLEN, o->ncols, &st);
        if (expand(o, idx, &st) < 0) {
            o->status = 4;
            return;
        }
    }
    for (;;) {
        /* the lowest cost plus bound, then the most moves made, first in first out */
        int f = o->fmin, g = -1;
        while (f < MAXF) {
            for (int k = MAXG - 1; k >= 0; k--)
                if (o->q[f * MAXG + k].n) {
                    g = k;
                    break;
                }
            if (g >= 0) break;
            f++;
        }
        o->fmin = f;
        if (g < 0) {
            o->status = o->upper >= 0 ? 2 : 3;
            if (o->upper >= 0) o->bound = o->upper;
            return;
        }
        Fifo *fq = &o->q[f * MAXG + g];
        uint32_t idx = fq->v[fq->head++];
        if (!--fq->n) fq->head = 0;
        if (o->g[idx] < g) continue; /* queued again since, cheaper */
        if (f > o->bound) o->bound = f;
        if (o->upper >= 0 && f >= o->upper) {
            o->bound = o->upper;
            o->status = 2;
            return;
        }
        o->taken++;
        decode(o->rules, o->seen.keys + (size_t)idx * KEYLEN, o->ncols, &st);
        if (all_runs(&st, o->ncols)) {
            o->goal = idx;
            o->bound = g;
            o->status = 1;
            return;
        }
        if (!(o->taken & 255) && o->taken >= stop) {
            o->pending = idx;
            return;
        }
        if (expand(o, idx, &st) < 0) {
            o->status = 4;
            return;
        }
    }
}

static void opt_free(Optimal *o) {
    seen_free(&o->seen);
    free(o->g);
    free(o->parent);
    free(o->move);
    if (o->q) {
        for (size_t i = 0; i < (size_t)MAXF * MAXG; i++) free(o->q[i].v);
        free(o->q);
    }
    o->g = NULL;
    o->parent = NULL;
    o->move = NULL;
    o->q = NULL;
    o->ncap = 0;
}

static void OPT_dealloc(Optimal *o) {
    opt_free(o);
    Py_TYPE(o)->tp_free((PyObject *)o);
}

static int OPT_init(Optimal *o, PyObject *args, PyObject *kw) {
    static char *names[] = {"cols", "cells", "found", "ncells", "caps", "closed", "upper", "rules", NULL};
    PyObject *cols, *cells, *found, *caps;
    int ncells_total, closed, upper = -1, code = 0;
    State st;
    if (o->set_up) return bad("an OptimalSearch is set up once");
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOOiOp|ii", names, &cols, &cells, &found, &ncells_total, &caps, &closed,
                                     &upper, &code))
        return -1;
    if (upper < -1 || upper >= MAXG) return bad("upper: -1 (none) or a count of moves below 256");
    if (!(o->rules = rules_of(code))) return -1;
    if (parse_state(o->rules, cols, cells, found, &st, &o->ncols) < 0) return -1;
    if (ncells_total < st.ncell || ncells_total > MAXCELLS) return bad("ncells: 0 to 15, at least the cards in cells");
    if (parse_caps(caps, ncells_total, o->ncols, o->caps) < 0) return -1;
    o->ncells_total = ncells_total;
    o->closed0 = closed;
    o->upper = upper;
    sort_cols(&st, o->ncols);
    o->q = calloc((size_t)MAXF * MAXG, sizeof *o->q);
    uint8_t key[KEYLEN + 1];
    state_key(&st, o->ncols, key);
    uint32_t h = seen_hash(key);
    size_t at = 0;
    if (!o->q || seen_resize(&o->seen, 1024) < 0 || seen_find(&o->seen, key, h, &at) ||
        !seen_put(&o->seen, key, h, at) || node_room(o, 0) < 0) {
        opt_free(o);
        PyErr_NoMemory();
        return -1;
    }
    int h0 = lower_bound(o->rules, &st, o->ncols);
    o->g[0] = 0;
    o->parent[0] = 0;
    o->move[0] = NO_MOVE;
    o->bound = h0;
    o->fmin = MAXF;
    o->pending = NO_PENDING;
    if (upper >= 0 && h0 >= upper) {
        o->bound = upper;
        o->status = 2;
    } else if (queue(o, h0, 0, 0) < 0) {
        opt_free(o);
        PyErr_NoMemory();
        return -1;
    }
    o->set_up = 1;
    return 0;
}

/* run(slice) -> (status, taken, bound): status "running" (call again),
 * "solved", "bound", "unsolvable" or "memory". */
static PyObject *OPT_run(Optimal *o, PyObject *args) {
    long long slice;
    if (!PyArg_ParseTuple(args, "L", &slice)) return NULL;
    if (slice < 1) return bad("slice must be at least 1"), NULL;
    if (!o->set_up) return bad("the search was not set up"), NULL;
    if (o->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this search is running in another thread");
        return NULL;
    }
    if (o->status == 0) {
        o->busy = 1;
        Py_BEGIN_ALLOW_THREADS;
        opt_run(o, slice);
        Py_END_ALLOW_THREADS;
        o->busy = 0;
    }
    static const char *words[] = {"running", "solved", "bound", "unsolvable", "memory"};
    return Py_BuildValue("(sLi)", words[o->status], o->taken, o->bound);
}

/* The moves from the start to the position found, as (kind, a, b, n) tuples. */
static PyObject *OPT_path(Optimal *o, PyObject *unused) {
    if (o->status != 1) return PyList_New(0);
    size_t n = 0;
    for (uint32_t at = o->goal; at != 0; at = o->parent[at]) n++;
    PyObject *out = PyList_New((Py_ssize_t)n);
    if (!out) return NULL;
    size_t i = n;
    for (uint32_t at = o->goal; at != 0; at = o->parent[at]) {
        Move m = o->move[at];
        PyObject *t = Py_BuildValue("(iiii)", KIND(m), MA(m), MB(m), MN(m));
        if (!t) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, (Py_ssize_t)--i, t);
    }
    return out;
}

static PyMethodDef OPT_methods[] = {
    {"run", (PyCFunction)OPT_run, METH_VARARGS,
     "run(slice) -> (status, taken, bound): takes up to ``slice`` more positions (counted as optimal_search "
     "counts); status 'running', 'solved', 'bound', 'unsolvable' or 'memory'."},
    {"path", (PyCFunction)OPT_path, METH_NOARGS, "path() -> the moves to the position found (columns kept sorted)."},
    {NULL}};

static PyObject *OPT_get_stored(Optimal *o, void *c) { return PyLong_FromSize_t(o->seen.count); }

static PyGetSetDef OPT_getset[] = {{"stored", (getter)OPT_get_stored, NULL, "positions stored", NULL}, {NULL}};

static PyTypeObject OptimalType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "freecell_cli.solvers._core.OptimalSearch",
    .tp_basicsize = sizeof(Optimal),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "OptimalSearch(cols, cells, found, ncells, caps, closed, upper=-1, rules=0): optimal_search, compiled "
              "(rules: solvers.rules.Rules.code).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)OPT_init,
    .tp_dealloc = (destructor)OPT_dealloc,
    .tp_methods = OPT_methods,
    .tp_getset = OPT_getset,
};

int optimal_register(PyObject *module) {
    init_tables();
    if (PyType_Ready(&OptimalType) < 0) return -1;
    Py_INCREF(&OptimalType);
    if (PyModule_AddObject(module, "OptimalSearch", (PyObject *)&OptimalType) < 0) {
        Py_DECREF(&OptimalType);
        return -1;
    }
    return 0;
}
