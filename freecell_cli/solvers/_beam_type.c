/* The compiled beam search's Python type, BeamSearch (the search itself is in
 * _beam.c): what Python hands over is checked here (a whole deck, sizes,
 * weights, limits), then the search runs without the GIL. */
#include "_beam.h"
#include "_beam_search.h"
#include <limits.h>

/* The solution's moves as a list of (kind, a, b, n). NULL with an exception
 * set on failure (needs the GIL). */
static PyObject *finish_path(BeamSearch *b) {
    Move *path;
    size_t n;
    int r = beam_path(b, &path, &n);
    if (r == -1) return PyErr_NoMemory();
    if (r < 0) {
        PyErr_SetString(PyExc_RuntimeError, "a finished beam left a card that cannot go home");
        return NULL;
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

static void BS_dealloc(BeamSearch *b) {
    beam_release(b);
    Py_TYPE(b)->tp_free((PyObject *)b);
}

#define MAX_WEIGHT 1000000 /* each weight; the score then stays far from overflow */

static int BS_init(BeamSearch *b, PyObject *args, PyObject *kw) {
    static char *names[] = {"cols", "cells", "found", "ncells", "caps", "closed", "width", "weights",
                            "max_depth", "all_home", "per_parent", "rules", NULL};
    PyObject *cols, *cells, *found, *caps, *weights;
    int ncells_total, closed, all_home, code = 0;
    long long width, max_depth, per_parent;
    State st;
    if (b->set_up) return bad("a BeamSearch is set up once");
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOOiOpLOLpL|i", names, &cols, &cells, &found, &ncells_total, &caps,
                                     &closed, &width, &weights, &max_depth, &all_home, &per_parent, &code))
        return -1;
    if (!(b->rules = rules_of(code))) return -1;
    if (parse_state(b->rules, cols, cells, found, &st, &b->ncols) < 0) return -1;
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
    if (beam_start(b) < 0) {
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
    /* The path is out: the search's memory goes back now, not when the object does
     * (its node array, when small, kept for the next search: _beam.c, spare_nodes). */
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
    .tp_doc = "BeamSearch(cols, cells, found, ncells, caps, closed, width, weights, max_depth, all_home, per_parent, "
              "rules=0): beam.Beam's search, compiled (rules: solvers.rules.Rules.code).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)BS_init,
    .tp_dealloc = (destructor)BS_dealloc,
    .tp_methods = BS_methods,
    .tp_getset = BS_getset,
};

int beam_register(PyObject *module) {
    init_tables(); /* this file's copy of them: parse_state's */
    beam_init();
    if (PyType_Ready(&BeamSearchType) < 0) return -1;
    Py_INCREF(&BeamSearchType);
    if (PyModule_AddObject(module, "BeamSearch", (PyObject *)&BeamSearchType) < 0) {
        Py_DECREF(&BeamSearchType);
        return -1;
    }
    return 0;
}
