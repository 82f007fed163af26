/* The compiled optimal search (_optimal.c): registered into the _core module by
 * PyInit__core. */
#ifndef FREECELL_OPTIMAL_H
#define FREECELL_OPTIMAL_H
#include <Python.h>

/* Adds the OptimalSearch type to ``module``; 0, or -1 with an exception set. */
int optimal_register(PyObject *module);

#endif
