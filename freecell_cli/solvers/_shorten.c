/* The shortening post-pass's neighbourhood search (solvers/shorten.py,
 * _shortcut_round), optional.
 *
 * One round, as the Python one: the line's positions indexed by their
 * canonical key (the last place each is met), every move (and with ``pairs``
 * every pair of moves) tried from each position, the cheapest line over the
 * line's own moves and the shortcuts found (a shortcut kept only when strictly
 * cheaper, the first found of equals), walked back with the column permutation
 * a shortcut leaves. The moves are tried in the order of state.in_search_order,
 * which decides which of two equal shortcuts is kept. tests/test_shorten_core.py
 * compares the two; shorten.py is the specification, this file its speed.
 *
 * One difference by design, as in _beam.c: Python keys a position by the sum of
 * its columns' hashes with the free cells; here the key is the exact canonical
 * key of _state.h. The two differ only where two Python sums clash (Python then
 * checks the columns and drops the shortcut).
 *
 * Everything it is given is checked: the position (a whole deck), the
 * capacities, and every move of the line, which must be playable where it is
 * played (its cards there, a free cell for a card going to one, a card going
 * home the next of its suit). Bad input is a ValueError, never a crash.
 */
#include "_state.h"
#include "_shorten.h"


#define MAX_PATH 1000000 /* moves in a line: 100 bytes a position are kept */
#define MAX_MOVES STATE_MAX_MOVES /* of one position */

static inline int cost(Move m) { return KIND(m) > HOME_CELL; }

/* state.moves, then sorted as state.in_search_order: by kind, source, then
 * destination column (an empty one last), more cards first. No two moves share
 * that key, so any sort gives Python's order. Returns how many. */
static int successors(const Rules *R, const State *st, int ncols, int ncells_total, const int *caps, Move *out) {
    int n = state_moves(R, st, ncols, ncells_total, caps, out);
    /* the sort key of in_search_order, packed; insertion sort (few moves) */
    uint64_t keys[MAX_MOVES];
    for (int x = 0; x < n; x++) {
        Move m = out[x];
        uint64_t k = (uint64_t)KIND(m) << 40 | (uint64_t)MA(m) << 32 | (uint64_t)(st->len[MB(m)] == 0) << 24 |
                     (uint64_t)MB(m) << 16 | (uint64_t)(255 - MN(m));
        int y = x;
        while (y > 0 && keys[y - 1] > k) {
            keys[y] = keys[y - 1];
            out[y] = out[y - 1];
            y--;
        }
        keys[y] = k;
        out[y] = m;
    }
    return n;
}


static inline int in_cells(const State *st, int c) {
    for (int i = 0; i < st->ncell; i++)
        if (st->cell[i] == c) return 1;
    return 0;
}

/* Whether ``m`` can be played in ``st``: its cards are where it takes them
 * from, a card going home is the next of its suit, a card going to a free cell
 * finds one. (Python's play asks no more: a card may land on any column.) */
static const char *unplayable(const State *st, int ncols, int ncells_total, Move m) {
    int kind = KIND(m), a = MA(m), b = MB(m), n = MN(m);
    switch (kind) {
    case HOME_COL:
        if (a >= ncols || b || n != 1) return "a move home from a column is (0, column, 0, 1)";
        if (!st->len[a]) return "a move home from an empty column";
        if (st->found[SUIT(TOP(st, a))] != RANKI(TOP(st, a))) return "a card goes home before the card below it";
        return NULL;
    case HOME_CELL:
        if (a >= NCARDS || b || n != 1) return "a move home from a free cell is (1, card, 0, 1)";
        if (!in_cells(st, a)) return "a move from a free cell names a card not in one";
        if (st->found[SUIT(a)] != RANKI(a)) return "a card goes home before the card below it";
        return NULL;
    case CELL_TO_COL:
        if (a >= NCARDS || b >= ncols || n != 1) return "a move from a free cell to a column is (2, card, column, 1)";
        if (!in_cells(st, a)) return "a move from a free cell names a card not in one";
        return NULL;
    case COL_TO_COL:
        if (a >= ncols || b >= ncols || a == b) return "a move between columns needs two columns of the table";
        if (n < 1 || n > st->len[a]) return "a move between columns takes more cards than the column holds";
        return NULL;
    case COL_TO_CELL:
        if (a >= ncols || b || n != 1) return "a move to a free cell is (4, column, 0, 1)";
        if (!st->len[a]) return "a move to a free cell from an empty column";
        if (st->ncell >= ncells_total) return "a move to a free cell when none is free";
        return NULL;
    default:
        return "a move's kind is 0 to 4";
    }
}

/* The line's positions by key: an open table of the last place each key is met. */
typedef struct {
    const uint8_t *keys; /* (n + 1) * KEYLEN: the line's keys, by place */
    int32_t *slot;       /* place + 1; 0 empty */
    size_t mask;
} LineIndex;

static void index_put(LineIndex *ix, int32_t j) {
    const uint8_t *key = ix->keys + (size_t)j * KEYLEN;
    size_t p = (size_t)hash_key(key) & ix->mask;
    while (ix->slot[p]) {
        if (same_key(ix->keys + (size_t)(ix->slot[p] - 1) * KEYLEN, key)) break;
        p = (p + 1) & ix->mask;
    }
    ix->slot[p] = j + 1; /* a later place replaces an earlier one */
}

static inline int32_t index_get(const LineIndex *ix, const uint8_t *key) {
    size_t p = (size_t)hash_key(key) & ix->mask;
    while (ix->slot[p]) {
        if (same_key(ix->keys + (size_t)(ix->slot[p] - 1) * KEYLEN, key)) return ix->slot[p] - 1;
        p = (p + 1) & ix->mask;
    }
    return -1;
}


static Move remap(Move m, const int *perm) {
    int kind = KIND(m), a = MA(m), b = MB(m), n = MN(m);
    if (kind == HOME_COL || kind == COL_TO_CELL) return MOVE(kind, perm[a], b, n);
    if (kind == CELL_TO_COL) return MOVE(kind, a, perm[b], n);
    if (kind == COL_TO_COL) return MOVE(kind, perm[a], perm[b], n);
    return m;
}

/* perm[x]: the column of ``have`` that is ``want``'s column x (the first not
 * taken of equal ones, as shorten._permutation). 0, or -1 when one is missing. */
static int permutation(const State *have, const State *want, int ncols, int *perm) {
    int used[MAXCOLS] = {0};
    for (int x = 0; x < ncols; x++) {
        int y = 0;
        for (; y < ncols; y++)
            if (!used[y] && have->len[y] == want->len[x] && !memcmp(COL(have, y), COL(want, x), want->len[x])) break;
        if (y == ncols) return -1;
        used[y] = 1;
        perm[x] = y;
    }
    return 0;
}

typedef struct {
    int ncols, ncells_total, closed0, pairs;
    const Rules *rules;
    const int *caps;
    size_t n;         /* moves on the line */
    const Move *path; /* n */
    State *states;    /* n + 1: the line's positions */
    uint8_t *keys;    /* (n + 1) * KEYLEN */
    int32_t *dist;    /* n + 1: the fewest moves not home to reach each */
    int32_t *from;    /* n + 1: where the cheapest way there comes from */
    int8_t *nhow;     /* n + 1: -1 the line's own move, else 0-2 moves of a shortcut */
    Move *how;        /* (n + 1) * 2 */
    Move *out;        /* 2n: the new line */
    size_t nout;
    const char *error;
    size_t error_at; /* the move of the line it names, counted from 1 (0: none) */
} Round;

static inline void relax(Round *r, int32_t i, int32_t j, int32_t d, int k, Move m1, Move m2) {
    if (d < r->dist[j]) {
        r->dist[j] = d;
        r->from[j] = i;
        r->nhow[j] = (int8_t)k;
        r->how[2 * (size_t)j] = m1;
        r->how[2 * (size_t)j + 1] = m2;
    }
}

/* The round itself (no Python objects: run without the GIL). 0, or -1 with
 * r->error set (memory, or a move of the line that cannot be played). */
static int run_round(Round *r, int has_deadline, double deadline) {
    int ncols = r->ncols;
    const Rules *R = r->rules;
    size_t n = r->n;
    /* the line's positions and keys */
    for (size_t i = 0; i < n; i++) {
        const char *why = unplayable(&r->states[i], ncols, r->ncells_total, r->path[i]);
        if (why) {
            r->error = why;
            r->error_at = i + 1;
            return -1;
        }
        r->states[i + 1] = r->states[i];
        play_move(R, &r->states[i + 1], ncols, r->path[i], r->closed0 || i > 0);
    }
    for (size_t i = 0; i <= n; i++) state_key(&r->states[i], ncols, r->keys + i * KEYLEN);
    LineIndex ix = {r->keys, NULL, 0};
    size_t size = 64;
    while (size < 2 * (n + 1)) size *= 2;
    ix.slot = calloc(size, sizeof *ix.slot);
    if (!ix.slot) {
        r->error = "out of memory";
        return -1;
    }
    ix.mask = size - 1;
    for (size_t j = 0; j <= n; j++) index_put(&ix, (int32_t)j);

    for (size_t j = 0; j <= n; j++) r->dist[j] = INT32_MAX;
    r->dist[0] = 0;
    Move ms[MAX_MOVES], ms2[MAX_MOVES];
    uint8_t key1[KEYLEN], key2[KEYLEN];
    int late = 0;
    for (size_t ui = 0; ui < n; ui++) {
        int32_t i = (int32_t)ui, d = r->dist[i];
        Move m0 = r->path[i];
        int c0 = cost(m0);
        if (d + c0 < r->dist[i + 1]) relax(r, i, i + 1, d + c0, -1, m0, 0);
        if (late || (has_deadline && mono_now() > deadline)) {
            late = 1;
            continue;
        }
        const State *st = &r->states[i];
        const uint8_t *ki = r->keys + ui * KEYLEN;
        int32_t j = index_get(&ix, ki);
        if (j > i) relax(r, i, j, d, 0, 0, 0); /* the line comes back here later: the loop goes */
        int closed = r->closed0 || i > 0;
        int nm = successors(R, st, ncols, r->ncells_total, r->caps, ms);
        for (int x = 0; x < nm; x++) {
            Move m = ms[x];
            int c = cost(m), card, to;
            int simple = simple_change(R, st, m, closed, &card, &to);
            State child;
            if (simple) {
                memcpy(key1, ki, KEYLEN);
                set_code(key1, card, to);
            } else {
                child = *st;
                play_move(R, &child, ncols, m, closed);
                state_key(&child, ncols, key1);
            }
            j = index_get(&ix, key1);
            if (j > i + 1 || (j == i + 1 && c < c0)) relax(r, i, j, d + c, 1, m, 0);
            if (!r->pairs) continue;
            if (simple) {
                child = *st;
                play_move(R, &child, ncols, m, closed);
            }
            int nm2 = successors(R, &child, ncols, r->ncells_total, r->caps, ms2);
            for (int y = 0; y < nm2; y++) {
                Move m2 = ms2[y];
                if (simple_change(R, &child, m2, 1, &card, &to)) {
                    memcpy(key2, key1, KEYLEN);
                    set_code(key2, card, to);
                } else {
                    State grand = child;
                    play_move(R, &grand, ncols, m2, 1);
                    state_key(&grand, ncols, key2);
                }
                j = index_get(&ix, key2);
                if (j > i + 1) relax(r, i, j, d + c + cost(m2), 2, m, m2);
            }
        }
    }
    free(ix.slot);

    /* Walk back the cheapest line, then replay it: a shortcut may land on the
     * line's position with the columns in another order. */
    size_t nsteps = 0;
    int32_t *at = malloc((n + 1) * sizeof *at);
    if (!at) {
        r->error = "out of memory";
        return -1;
    }
    for (int32_t j = (int32_t)n; j > 0; j = r->from[j]) at[nsteps++] = j;
    State cur = r->states[0];
    int perm[MAXCOLS];
    for (int x = 0; x < ncols; x++) perm[x] = x;
    r->nout = 0;
    for (size_t s = nsteps; s-- > 0;) {
        int32_t j = at[s], i = r->from[j];
        int k = r->nhow[j];
        Move moves[2] = {r->how[2 * (size_t)j], r->how[2 * (size_t)j + 1]};
        if (k < 0) {
            moves[0] = r->path[i];
            k = 1;
        }
        for (int x = 0; x < k; x++) {
            Move m = remap(moves[x], perm);
            if (unplayable(&cur, ncols, r->ncells_total, m)) {
                free(at);
                r->error = "the new line cannot be replayed (a bug)";
                return -1;
            }
            play_move(R, &cur, ncols, m, r->closed0 || r->nout > 0);
            r->out[r->nout++] = m;
        }
        if (r->nhow[j] >= 0 && permutation(&cur, &r->states[j], ncols, perm) < 0) {
            free(at);
            r->error = "the new line misses a position of the old (a bug)";
            return -1;
        }
    }
    free(at);
    return 0;
}

static int parse_path(PyObject *path, Round *r, Move **out) {
    if (!PyList_Check(path) && !PyTuple_Check(path)) return bad("path must be a list of moves");
    Py_ssize_t n = PySequence_Fast_GET_SIZE(path);
    if (n > MAX_PATH) return bad("path: at most 1,000,000 moves");
    Move *p = malloc(((size_t)n + 1) * sizeof *p);
    if (!p) {
        PyErr_NoMemory();
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(path);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *t = items[i];
        int v[4];
        if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != 4) {
            free(p);
            return bad("a move of the path is a tuple (kind, a, b, n)");
        }
        for (int k = 0; k < 4; k++) {
            PyObject *x = PyTuple_GET_ITEM(t, k);
            int overflow = 0;
            long val = PyLong_Check(x) ? PyLong_AsLongAndOverflow(x, &overflow) : -1;
            if (val == -1 && PyErr_Occurred()) {
                free(p);
                return -1;
            }
            if (!PyLong_Check(x) || overflow || val < 0 || val > 255) {
                free(p);
                return bad("a move's kind, a, b and n are whole numbers 0 to 255");
            }
            v[k] = (int)val;
        }
        p[i] = MOVE(v[0], v[1], v[2], v[3]);
    }
    r->n = (size_t)n;
    *out = p;
    return 0;
}

static PyObject *shortcut_round(PyObject *mod, PyObject *args, PyObject *kw) {
    static char *names[] = {"cols", "cells", "found", "ncells", "caps", "closed", "path", "pairs", "budget", "rules",
                            NULL};
    PyObject *cols, *cells, *found, *ncells_obj, *caps, *path, *budget = Py_None;
    int ncells_total, closed, pairs, overflow = 0, code = 0;
    int capt[(MAXCELLS + 1) * (MAXCOLS + 1)];
    State st;
    Round r;
    memset(&r, 0, sizeof r);
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOOOOpOp|Oi", names, &cols, &cells, &found, &ncells_obj, &caps,
                                     &closed, &path, &pairs, &budget, &code))
        return NULL;
    if (!(r.rules = rules_of(code))) return NULL;
    if (parse_state(r.rules, cols, cells, found, &st, &r.ncols) < 0) return NULL;
    long nc = PyLong_Check(ncells_obj) ? PyLong_AsLongAndOverflow(ncells_obj, &overflow) : -1;
    if (nc == -1 && PyErr_Occurred()) return NULL;
    ncells_total = overflow || nc < 0 || nc > MAXCELLS ? -1 : (int)nc;
    if (ncells_total < st.ncell || ncells_total > MAXCELLS) return bad("ncells: 0 to 15, at least the cards in cells"), NULL;
    if (parse_caps(caps, ncells_total, r.ncols, capt) < 0) return NULL;
    double left = 0;
    int has_deadline = budget != Py_None;
    if (has_deadline) {
        if (!PyFloat_Check(budget) && !PyLong_Check(budget)) return bad("budget: seconds, or None"), NULL;
        left = PyFloat_AsDouble(budget);
        if (left == -1.0 && PyErr_Occurred()) return NULL;
    }
    Move *moves;
    if (parse_path(path, &r, &moves) < 0) return NULL;
    size_t n = r.n;
    r.ncells_total = ncells_total;
    r.closed0 = closed;
    r.pairs = pairs;
    r.caps = capt;
    r.path = moves;
    r.states = malloc((n + 1) * sizeof *r.states);
    r.keys = malloc((n + 1) * KEYLEN);
    r.dist = malloc((n + 1) * sizeof *r.dist);
    r.from = malloc((n + 1) * sizeof *r.from);
    r.nhow = malloc(n + 1);
    r.how = malloc((n + 1) * 2 * sizeof *r.how);
    r.out = malloc((2 * n + 1) * sizeof *r.out);
    PyObject *result = NULL;
    if (!r.states || !r.keys || !r.dist || !r.from || !r.nhow || !r.how || !r.out) {
        PyErr_NoMemory();
        goto done;
    }
    r.states[0] = st;
    int status;
    Py_BEGIN_ALLOW_THREADS;
    status = run_round(&r, has_deadline, mono_now() + left);
    Py_END_ALLOW_THREADS;
    if (status < 0) {
        if (!strcmp(r.error, "out of memory")) {
            PyErr_NoMemory();
        } else if (r.error_at) {
            Move m = moves[r.error_at - 1];
            PyErr_Format(PyExc_ValueError, "path: move %zu of %zu, (%d, %d, %d, %d): %s", r.error_at, n, KIND(m),
                         MA(m), MB(m), MN(m), r.error);
        } else {
            PyErr_SetString(PyExc_ValueError, r.error);
        }
        goto done;
    }
    result = PyList_New((Py_ssize_t)r.nout);
    for (size_t x = 0; result && x < r.nout; x++) {
        Move m = r.out[x];
        PyObject *t = Py_BuildValue("(iiii)", KIND(m), MA(m), MB(m), MN(m));
        if (!t) {
            Py_CLEAR(result);
            break;
        }
        PyList_SET_ITEM(result, (Py_ssize_t)x, t);
    }
done:
    free(moves);
    free(r.states);
    free(r.keys);
    free(r.dist);
    free(r.from);
    free(r.nhow);
    free(r.how);
    free(r.out);
    return result;
}

static PyMethodDef shorten_methods[] = {
    {"shortcut_round", (PyCFunction)(void (*)(void))shortcut_round, METH_VARARGS | METH_KEYWORDS,
     "shortcut_round(cols, cells, found, ncells, caps, closed, path, pairs, budget=None, rules=0) -> the line of "
     "one round of shorten._shortcut_round (pairs: depth 2; budget: seconds left, or None; rules: "
     "solvers.rules.Rules.code)."},
    {NULL}};

int shorten_register(PyObject *module) {
    init_tables();
    return PyModule_AddFunctions(module, shorten_methods);
}
