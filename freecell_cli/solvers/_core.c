/* The compiled core of the complete search (solvers/prove.py), optional.
 *
 * It does exactly what prove._depth_first does in Python, position for position:
 * the same moves in the same order, the same safe moves home, the same columns
 * kept sorted by their bottom card, the same move straight back left out, so it
 * explores the same positions and counts them alike (tests/test_core.py compares
 * the two). The Python module is the specification; this file is its speed.
 *
 * What makes it small (_state.h): a position is stored by an exact canonical key
 * of 39 bytes, for each card what it lies on (home, a free cell, the table, or
 * which card) in 6 bits. That key ignores the order of columns and of free cells
 * by construction, and two positions share it only when they are the same
 * position: no hash-only set, nothing lossy. Keys live in one array; the hash
 * table's 4-byte slots hold an index into it and, in the bits the index leaves,
 * bits of the key's hash (at least 3: 7 in 8 probes past another key never read
 * it). At most 85% full and grown by half, the table costs 4.7-7.1 bytes a
 * position: 44-46 in all (_seen.h).
 *
 * What makes it fast: a move changes what a few cards lie on (the card it moves,
 * and each card sent home after it), so a child's key is its parent's with those
 * 6-bit codes changed, in words (_state.h), hashed and looked up before the child
 * is built (most children are seen already); the slots of a position's children
 * are fetched from memory as soon as it is pushed; each column's movable run is
 * kept, not measured again, and a column a move puts out of order is settled alone.
 *
 * Everything it is given is checked (a whole deck, card codes, sizes): bad input
 * is a ValueError, never a crash.
 */
#include "_state.h"
#include "_seen.h"
#include "_beam.h"
#include "_shorten.h"
#include "_optimal.h"

/* -- the search object ---------------------------------------------------------
 * A deep proof's stack holds millions of positions: a frame keeps only where
 * its key is in the set (20 bytes a frame, not 120 with the position itself).
 * The positions of the last RING depths are kept beside it (840 KB), and a
 * position further down is read back from its key when the search returns to
 * it: the key says what every card lies on, and the columns are kept in the
 * order of their bottom cards, so the key gives the position exactly as it was. */
typedef struct {
    uint32_t key;        /* where its key is in the set (every position on the stack is in it) */
    uint32_t mcur, mend; /* its moves not tried yet: [mcur, mend) of the stack of moves (they begin at the mend of the frame below) */
    Move in;             /* the move that led here (NO_MOVE at the start) */
    Move back;           /* the move straight back, left out of its moves (NO_MOVE: none) */
} Frame;
#ifndef RING
#define RING 8192
#endif

/* The moves not tried yet of every position on the stack, one position's above
 * the other's: a stack of moves, numbered from 0 at the bottom. Only the top
 * positions' moves are tried soon, so the stack is kept in a ring of MOVES
 * entries (move i at i % MOVES): 170 KB, where a stack 16,000 positions deep
 * (the benchmark's deal 607) held a megabyte of them, 5 bytes a position of a
 * 200,000-position search. Where the positions above it overwrote a position's
 * moves, it generates them again when the search returns to it: the same moves
 * in the same order, as they follow from the position and its move straight
 * back (kept in its frame for that). */
#ifndef MOVES
#define MOVES 16384 /* a power of two, many times STATE_MAX_MOVES */
#endif
#define AT(i) ((i) & (MOVES - 1))
typedef struct {
    Move m[MOVES + STATE_MAX_MOVES]; /* (room for one position's moves past the end) */
    uint32_t h[MOVES + STATE_MAX_MOVES]; /* each move's child's seen_hash, when the move is a simple change (else 0) */
    uint16_t change[MOVES + STATE_MAX_MOVES]; /* and then the change: the card | what it comes to lie on << 6 */
    uint32_t top;      /* the moves on the stack */
    uint32_t lo;       /* the stack's moves from lo up are all in the ring (below it, some were overwritten) */
} MoveRing;


typedef struct {
    PyObject_HEAD
    int ncols, ncells_total, closed0;
    const Rules *rules;
    int caps[(MAXCELLS + 1) * (MAXCOLS + 1)];
    Seen seen;
    MoveRing *ms;
    Frame *stack;
    size_t depth, stack_cap;
    State ring[RING];    /* the positions of the last RING depths */
    size_t owner[RING];  /* the depth + 1 whose position each holds (0: none) */
    long long states;
    long long regenerated; /* times a position's moves were generated again (MoveRing) */
    int status; /* 0 running, 1 solved, 2 unsolvable, 3 out of memory */
    int busy;   /* run() is under way in another thread (it lets go of the GIL) */
} DepthFirst;


static inline const uint8_t *key_at(const Seen *s, uint32_t i) { return s->keys + (size_t)i * KEYLEN; }

/* Writes the moves of ``st`` but ``back`` to the stack of moves at ``beg`` and
 * hashes the keys of those from ``from`` on that are simple changes, fetching
 * their slots (every move of a position is tried sooner or later, so the
 * look-ups then find them near at hand). Returns the end of its moves. */
static uint32_t df_moves(DepthFirst *self, const State *st, const Words *parent, Move back, int closed, uint32_t beg,
                         uint32_t from) {
    MoveRing *ms = self->ms;
    /* Written where they go, straight on past the ring's end, and what ran past
     * it copied to its start. */
    Move *out = ms->m + AT(beg);
    uint32_t *h = ms->h + AT(beg);
    uint16_t *change = ms->change + AT(beg);
    int n = state_moves(self->rules, st, self->ncols, self->ncells_total, self->caps, out);
    if (back != NO_MOVE) /* the move straight back to the position just left */
        for (int i = 0; i < n; i++)
            if (out[i] == back) {
                memmove(out + i, out + i + 1, (n - i - 1) * sizeof *out);
                n--;
                break;
            }
    for (int i = (int)(from - beg); i < n; i++) {
        int card, to;
        if (simple_change(self->rules, st, out[i], closed, &card, &to)) {
            Words child = *parent;
            words_set_code(&child, card, to);
            h[i] = seen_hash_words(&child);
            change[i] = (uint16_t)(card | to << 6);
            PREFETCH(self->seen.slot + slot_of(h[i], self->seen.size));
        } else {
            /* No key ahead: df_run plays the move whole. (A simple change whose
             * hash is 0 is played whole too: the same child, by the long way.) */
            h[i] = 0;
        }
    }
    /* Then, their slots near by now, the keys those slots point to: a child seen
     * already (most are) is then compared with a key in the cache. */
    for (int i = (int)(from - beg); i < n; i++) seen_prefetch_key(&self->seen, h[i]);
    if (AT(beg) + n > MOVES) {
        memcpy(ms->m, ms->m + MOVES, (AT(beg) + n - MOVES) * sizeof *out);
        memcpy(ms->h, ms->h + MOVES, (AT(beg) + n - MOVES) * sizeof *h);
        memcpy(ms->change, ms->change + MOVES, (AT(beg) + n - MOVES) * sizeof *change);
    }
    uint32_t end = beg + (uint32_t)n;
    if (end > MOVES && end - MOVES > ms->lo) ms->lo = end - MOVES; /* the moves this overwrote */
    return end;
}

/* Pushes position ``st``, whose key is the set's key ``ki`` (held in ``key``). */
static int df_push(DepthFirst *self, const State *st, uint32_t ki, const Words *key, Move in, Move back) {
    if (self->depth == self->stack_cap) {
        size_t cap = self->stack_cap * 2 + 64;
        Frame *f = realloc(self->stack, cap * sizeof *f);
        if (!f) return -1;
        self->stack = f;
        self->stack_cap = cap;
    }
    Frame *fr = &self->stack[self->depth];
    if (st != &self->ring[self->depth % RING]) self->ring[self->depth % RING] = *st;
    self->owner[self->depth % RING] = self->depth + 1;
    fr->key = ki;
    fr->in = in;
    fr->back = back;
    uint32_t beg = self->ms->top;
    if (beg > UINT32_MAX - STATE_MAX_MOVES) return -1;
    fr->mcur = beg;
    fr->mend = self->ms->top = df_moves(self, st, key, back, self->closed0 || self->depth >= 1, beg, beg);
    self->depth++;
    return 0;
}

/* Back to the position on top of the stack (its children are done): its
 * position is read back from its key if the ring of positions no longer holds
 * it, and its moves generated again if the ring of moves no longer does. */
static NOINLINE int df_back_far(DepthFirst *self) {
    Frame *fr = &self->stack[self->depth - 1];
    size_t r = (self->depth - 1) % RING;
    if (self->owner[r] != self->depth) {
        decode(self->rules, key_at(&self->seen, fr->key), self->ncols, &self->ring[r]);
        self->owner[r] = self->depth;
    }
    uint32_t beg = self->depth > 1 ? fr[-1].mend : 0;
    if (beg < self->ms->lo && fr->mcur < fr->mend) {
        Words key;
        words_of(&key, key_at(&self->seen, fr->key));
        if (df_moves(self, &self->ring[r], &key, fr->back, self->closed0 || self->depth > 1, beg, fr->mcur) != fr->mend)
            return -1; /* (never: the same position has the same moves) */
        self->ms->lo = beg;
        self->regenerated++;
    }
    return 0;
}

/* The same, inline where (as most often) both rings still hold what it needs. */
static inline int df_back(DepthFirst *self) {
    size_t d = self->depth;
    const Frame *fr = &self->stack[d - 1];
    uint32_t beg = d > 1 ? fr[-1].mend : 0;
    if (self->owner[(d - 1) % RING] == d && (beg >= self->ms->lo || fr->mcur == fr->mend)) return 0;
    return df_back_far(self);
}

/* Runs until ``slice`` divides the count of positions (after a new one), or a
 * verdict. The loop of prove._depth_first_python, move for move; what differs is
 * how a child's key is found: a move between columns and free cells that sends
 * nothing home changes what one card lies on, so the key and hash of the child
 * follow from its parent's, and a child seen already is never built. */
static int df_run(DepthFirst *self, long long slice) {
    /* the next multiple of slice (a division a call, not one a position) */
    long long stop = (self->states / slice + 1) * slice;
    int ncols = self->ncols;
    const Rules *R = self->rules;
    Words parent; /* the key of the position on top, which every child's starts from */
    if (self->depth) words_of(&parent, key_at(&self->seen, self->stack[self->depth - 1].key));
    while (self->depth) {
        Frame *fr = &self->stack[self->depth - 1];
        int pushed = 0;
        const State *st = &self->ring[(self->depth - 1) % RING]; /* (df_back made sure it is there) */
        MoveRing *ms = self->ms;
        /* A child is built where it will be kept, the next slot of the ring
         * (whose position, if any, is then read back from its key when needed). */
        size_t nr = self->depth % RING;
        State *ns = &self->ring[nr];
        while (fr->mcur < fr->mend) {
            uint32_t at = AT(fr->mcur), mh = ms->h[at];
            Move m = ms->m[at];
            fr->mcur++;
            int kind = KIND(m), a = MA(m), b = MB(m), n = MN(m);
            Move back = NO_MOVE;
            int resort, added, moved = -1; /* moved: the one column a simple move may put out of place */
            int card, to;
            Words child = parent;
            if (mh) { /* a simple change (df_moves hashed its key) */
                card = ms->change[at] & 63;
                to = ms->change[at] >> 6;
                words_set_code(&child, card, to);
                added = seen_add_words(&self->seen, &child, mh);
                if (added < 0) return self->status = 3;
                if (!added) continue;
                *ns = *st;
                self->owner[nr] = 0;
                if (kind == COL_TO_COL) {
                    move_run(R, ns, ncols, a, b, n);
                    back = MOVE(COL_TO_COL, b, a, n);
                    moved = !ns->len[a] ? a : !st->len[b] ? b : -1; /* (no move takes a whole column into an empty one) */
                    resort = moved >= 0;
                } else if (kind == COL_TO_CELL) {
                    take(R, ns, ncols, a, 1);
                    cell_add(ns, card);
                    back = MOVE(CELL_TO_COL, card, a, 1);
                    moved = !ns->len[a] ? a : -1;
                    resort = moved >= 0;
                } else {
                    cell_remove(ns, a);
                    {
                        uint8_t c = (uint8_t)a;
                        put(R, ns, ncols, b, &c, 1);
                    }
                    back = MOVE(COL_TO_CELL, b, 0, 1);
                    moved = !st->len[b] ? b : -1;
                    resort = moved >= 0;
                }
            } else {
                /* The key changes where cards moved: the card the move takes
                 * lies on something new, and each card sent home lies home. */
                if (kind > HOME_CELL) {
                    move_code(st, m, &card, &to);
                    words_set_code(&child, card, to);
                }
                *ns = *st;
                self->owner[nr] = 0;
                play_move(R, ns, ncols, m, 0); /* every safe card home after it */
                for (int s = 0; s < 4; s++)
                    for (int r = st->found[s]; r < ns->found[s]; r++) words_set_code(&child, r * 4 + s, 0);
                resort = 1;
                added = seen_add_words(&self->seen, &child, seen_hash_words(&child));
                if (added < 0) return self->status = 3;
                if (!added) continue;
            }
            if (resort) {
                if (moved >= 0) settle(ns, ncols, moved);
                else sort_cols(ns, ncols);
                back = NO_MOVE; /* the columns may have changed places */
            }
            self->states++;
            if (is_won(ns)) {
                if (df_push(self, ns, (uint32_t)(self->seen.count - 1), &child, m, NO_MOVE) < 0) return self->status = 3;
                return self->status = 1;
            }
            if (df_push(self, ns, (uint32_t)(self->seen.count - 1), &child, m, back) < 0) return self->status = 3;
            parent = child;
            pushed = 1;
            break;
        }
        if (pushed) {
            if (self->states == stop) return 0;
            continue;
        }
        /* every move of this position tried */
        ms->top = self->depth > 1 ? fr[-1].mend : 0;
        self->depth--;
        if (self->depth) {
            if (df_back(self) < 0) return self->status = 3;
            words_of(&parent, key_at(&self->seen, fr[-1].key));
        }
    }
    return self->status = 2;
}

static void DF_dealloc(DepthFirst *self) {
    seen_free(&self->seen);
    free(self->ms);
    free(self->stack);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int DF_init(DepthFirst *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"cols", "cells", "found", "ncells", "caps", "closed", "expect", "rules", NULL};
    PyObject *cols, *cells, *found, *caps;
    int ncells_total, closed, code = 0;
    long long expect = 0;
    State st;
    if (self->seen.slot) return bad("a DepthFirst search is set up once");
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOOiOp|Li", names, &cols, &cells, &found, &ncells_total, &caps, &closed,
                                     &expect, &code))
        return -1;
    if (expect < 0) return bad("expect: a count of positions, 0 or more");
    if (!(self->rules = rules_of(code))) return -1;
    if (parse_state(self->rules, cols, cells, found, &st, &self->ncols) < 0) return -1;
    if (ncells_total < st.ncell || ncells_total > MAXCELLS) return bad("ncells: 0 to 15, at least the cards in cells");
    if (parse_caps(caps, ncells_total, self->ncols, self->caps) < 0) return -1;
    self->ncells_total = ncells_total;
    self->closed0 = closed;
    sort_cols(&st, self->ncols);
    /* A search that will stop at ``expect`` positions (its state limit) gets
     * its table at once: no table grown and copied again and again on the way.
     * Pages are only taken as they are written, so a big guess costs little. */
    size_t want = expect > (1 << 24) ? (1 << 24) : (size_t)expect;
    self->seen.recent = calloc((size_t)1 << RECENT_BITS, sizeof *self->seen.recent);
    self->ms = calloc(1, sizeof *self->ms);
    if (!self->seen.recent || !self->ms || seen_resize(&self->seen, 1024 + want * 100 / 85) < 0 ||
        seen_reserve(&self->seen, want)) {
        PyErr_NoMemory();
        return -1;
    }
    uint8_t key[KEYLEN];
    state_key(&st, self->ncols, key);
    Words words;
    words_of(&words, key);
    if (seen_add(&self->seen, key, seen_hash(key)) < 0 || df_push(self, &st, 0, &words, NO_MOVE, NO_MOVE) < 0) {
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
static PyObject *DF_get_regenerated(DepthFirst *self, void *c) { return PyLong_FromLongLong(self->regenerated); }
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
    {"regenerated", (getter)DF_get_regenerated, NULL,
     "times a position's moves were generated again (overwritten in the ring of moves by those above it)", NULL},
    {"stored", (getter)DF_get_stored, NULL, "positions in the set of seen positions", NULL},
    {"memory", (getter)DF_get_memory, NULL, "bytes the set of seen positions holds", NULL},
    {NULL}};

static PyTypeObject DepthFirstType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "freecell_cli.solvers._core.DepthFirst",
    .tp_basicsize = sizeof(DepthFirst),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "DepthFirst(cols, cells, found, ncells, caps, closed, expect=0, rules=0): prove._depth_first, compiled "
              "(rules: solvers.rules.Rules.code).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)DF_init,
    .tp_dealloc = (destructor)DF_dealloc,
    .tp_methods = DF_methods,
    .tp_getset = DF_getset,
};

/* moves(cols, cells, found, ncells, caps, rules=0) -> the moves of prove._moves, in
 * order: for the tests that compare the cores. Columns are taken as given (not sorted). */
static PyObject *core_moves(PyObject *mod, PyObject *args) {
    PyObject *cols, *cells, *found, *caps;
    int ncells_total, ncols, capt[(MAXCELLS + 1) * (MAXCOLS + 1)], code = 0;
    State st;
    const Rules *R;
    if (!PyArg_ParseTuple(args, "OOOiO|i", &cols, &cells, &found, &ncells_total, &caps, &code)) return NULL;
    if (!(R = rules_of(code))) return NULL;
    if (parse_state(R, cols, cells, found, &st, &ncols) < 0) return NULL;
    if (ncells_total < st.ncell || ncells_total > MAXCELLS) return bad("ncells: 0 to 15, at least the cards in cells"), NULL;
    if (parse_caps(caps, ncells_total, ncols, capt) < 0) return NULL;
    Move ms[STATE_MAX_MOVES];
    int n = state_moves(R, &st, ncols, ncells_total, capt, ms);
    PyObject *out = PyList_New(n);
    for (int i = 0; out && i < n; i++) {
        Move m = ms[i];
        PyObject *t = Py_BuildValue("(iiii)", KIND(m), MA(m), MB(m), MN(m));
        if (!t) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, i, t);
    }
    return out;
}

/* key(cols, cells, found) -> the canonical key (39 bytes). */
static PyObject *core_key(PyObject *mod, PyObject *args) {
    PyObject *cols, *cells, *found;
    int ncols;
    State st;
    uint8_t key[KEYLEN];
    if (!PyArg_ParseTuple(args, "OOO", &cols, &cells, &found)) return NULL;
    if (parse_state(&RULES[0], cols, cells, found, &st, &ncols) < 0) return NULL; /* (the key asks no rules) */
    state_key(&st, ncols, key);
    return PyBytes_FromStringAndSize((const char *)key, KEYLEN);
}

static PyMethodDef core_methods[] = {
    {"moves", core_moves, METH_VARARGS, "moves(cols, cells, found, ncells, caps, rules=0) -> prove._moves's list"},
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
    if (beam_register(m) < 0 || shorten_register(m) < 0 || optimal_register(m) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    PyModule_AddIntConstant(m, "KEYLEN", KEYLEN);
    PyModule_AddIntConstant(m, "MAX_STORED", MAX_STORED);
    return m;
}
