/* The compiled beam search (_beam.c, _beam_type.c): registered into the _core
 * module by PyInit__core. */
#ifndef FREECELL_BEAM_H
#define FREECELL_BEAM_H
#include <Python.h>

/* Adds the BeamSearch type to ``module``; 0, or -1 with an exception set. */
int beam_register(PyObject *module);

#endif
