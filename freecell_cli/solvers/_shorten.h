/* The compiled post-pass's neighbourhood search (_shorten.c): registered into
 * the _core module by PyInit__core. */
#ifndef FREECELL_SHORTEN_H
#define FREECELL_SHORTEN_H
#include <Python.h>

/* Adds shortcut_round to ``module``; 0, or -1 with an exception set. */
int shorten_register(PyObject *module);

#endif
