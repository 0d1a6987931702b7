"""Cython is cut by its definitions, found by indentation (lupa's `_lupa.pyx`, numpy's
`__init__.pxd`), named as Python's are, and falls back to windows when malformed."""

from __future__ import annotations

from pathlib import Path

import pytest

from repokb.chunkers import chunker_for
from repokb.chunkers.fixed import split_lines

LUPA = (Path(__file__).parent.parent / "golden" / "chunkers" / "inputs" / "sample.pyx"
        ).read_text("utf-8")
# numpy/__init__.pxd, shortened: extern blocks, ctypedef structs and classes, inline functions
NUMPY_PXD = '''\
# NumPy static imports for Cython
#
# If any of the PyArray_* functions are called, import_array must be
# called first.

from cpython.ref cimport Py_INCREF
from cpython.object cimport PyObject, PyTypeObject, PyObject_TypeCheck
cimport libc.stdio as stdio

cdef extern from *:
    # Leave a marker that the NumPy declarations came from NumPy itself and not from Cython.
    """
    /* Using NumPy API declarations from "numpy/__init__.pxd" */
    """

cdef extern from "numpy/arrayobject.h":
    ctypedef signed long npy_intp
    ctypedef unsigned long npy_uintp

    ctypedef unsigned char      npy_bool

    cdef enum NPY_TYPES:
        NPY_BOOL
        NPY_BYTE
        NPY_UBYTE
        NPY_SHORT

    ctypedef struct PyArray_ArrayDescr:
        # shape is a tuple, but Cython doesn't support "tuple shape"
        # inside a non-PyObject declaration, so we have to declare it
        # as just a PyObject*.
        PyObject* shape

    ctypedef class numpy.dtype [object PyArray_Descr, check_size ignore]:
        # Use PyDataType_* macros when possible, however there are no macros
        # for accessing some of the fields, so some are defined.
        cdef PyTypeObject* typeobj
        cdef char kind
        cdef char type

    bint PyArray_CHKFLAGS(ndarray m, int flags) nogil
    npy_intp PyArray_SIZE(ndarray arr) nogil

ctypedef npy_int8       int8_t
ctypedef npy_int16      int16_t

ctypedef packed struct npy_cdouble_pair:
    double real
    double imag

cdef inline object PyArray_MultiIterNew1(a):
    return PyArray_MultiIterNew(1, <void*>a)

cdef inline tuple PyDataType_SHAPE(dtype d):
    if PyDataType_HASSUBARRAY(d):
        return <tuple>d.subarray.shape
    else:
        return ()

cdef extern from "numpy/ufuncobject.h":

    ctypedef void (*PyUFuncGenericFunction) (char **, npy_intp *, npy_intp *, void *)

    object PyUFunc_FromFuncAndData(PyUFuncGenericFunction *,
          void **, char *, int, int, int, int, char *, char *, int)
    int PyUFunc_RegisterLoopForType(ufunc, int,
                                    PyUFuncGenericFunction, int *, void *) except -1

cdef inline int import_array() except -1:
    try:
        __pyx_import_array()
    except Exception:
        raise ImportError("numpy._core.multiarray failed to import")
'''


def _pieces(text: str):
    chunker = chunker_for("cython")
    assert chunker is not None
    return chunker.chunk(text)


def _covered(text: str, pieces) -> None:
    lines = split_lines(text)
    covered = set()
    for p in pieces:
        assert p.content == "".join(lines[p.start_line - 1 : p.end_line])
        covered.update(range(p.start_line, p.end_line + 1))
    assert [n for n, line in enumerate(lines, 1) if line.strip() and n not in covered] == []


def test_lupa_functions_and_methods_are_chunks_named_as_in_python():
    # regression: 500-character windows with no symbol at all
    pieces = _pieces(LUPA)
    named = {p.symbol: p for p in pieces}
    new = named["new_lua_function"]
    assert new.symbol_type == "function"
    assert new.content.startswith(
        "cdef _LuaFunction new_lua_function(LuaRuntime runtime, lua_State* L, int n):\n")
    assert new.content.rstrip().endswith("return obj")
    execute = named["LuaRuntime.execute"]
    assert execute.symbol_type == "method" and execute.context == "cdef class LuaRuntime:"
    assert execute.content.lstrip().startswith("def execute(self, lua_code")
    # decorators stay with their definition, a one-line `noexcept` / `except -1` one too
    assert named["LuaRuntime.add_pending_unref"].content.startswith("    @cython.final\n")
    assert named["LuaRuntime.clean_up_pending_unrefs"].symbol_type == "method"
    assert named["_len_as_int"].content.startswith("cdef inline int _len_as_int(")
    assert named["LuaRuntime"].content.startswith("@cython.no_gc_clear\ncdef class LuaRuntime:")
    assert named["_LuaCoroutineFunction"].symbol_type == "class"
    assert named["WrappedObjectFlags"].symbol_type == "enum"
    assert named["py_object"].symbol_type == "struct"
    assert named["LuaError"].symbol_type == "class"
    # an extern block is one piece named by its header, the comment above it included
    stdint = named["stdint.h"]
    assert stdint.symbol_type == "extern"
    assert stdint.content.startswith("#from libc.stdint cimport uintptr_t\ncdef extern from")
    _covered(LUPA, pieces)


def test_a_numpy_style_pxd_is_cut_by_its_blocks():
    pieces = _pieces(NUMPY_PXD)
    named = {p.symbol: p for p in pieces if p.symbol}
    assert {"numpy/arrayobject.h", "numpy/ufuncobject.h", "npy_cdouble_pair",
            "PyArray_MultiIterNew1", "PyDataType_SHAPE", "import_array"} <= set(named)
    arrays = named["numpy/arrayobject.h"]
    assert "ctypedef class numpy.dtype" in arrays.content  # nested blocks stay in the extern
    assert arrays.content.rstrip().endswith("npy_intp PyArray_SIZE(ndarray arr) nogil")
    assert named["npy_cdouble_pair"].symbol_type == "struct"
    assert named["import_array"].content.rstrip().endswith(
        'raise ImportError("numpy._core.multiarray failed to import")')
    # the module's imports are windows; declarations without a body name nothing
    assert pieces[0].symbol is None and "cimport libc.stdio" in pieces[0].content
    _covered(NUMPY_PXD, pieces)


def test_a_long_definition_is_split_into_named_windows_and_module_code_into_small_ones():
    body = "".join(f"    cdef int value_{i} = lua.lua_tointeger(L, {i})  # slot {i}\n"
                   for i in range(80))
    text = ("import sys\n" * 60 + "\ncdef int read_slots(lua_State* L) except -1 nogil:\n"
            + body + "    return 0\n")
    pieces = _pieces(text)
    slots = [p for p in pieces if p.symbol == "read_slots"]
    assert len(slots) > 1 and all(p.symbol_type == "function" for p in slots)
    assert all(p.context == "cdef int read_slots(lua_State* L) except -1 nogil:" for p in slots)
    module = [p for p in pieces if p.symbol is None]
    assert module and all(len(p.content) <= 400 for p in module)
    _covered(text, pieces)


def test_a_long_class_is_cut_per_method():
    methods = "".join(f"    cpdef object method_{i}(self, int n):\n        return self.run({i}, n)"
                      f" + {i} * n\n\n" for i in range(30))
    text = "cdef public class Runtime [object RuntimeObject, type RuntimeType]:\n" + methods
    symbols = [p.symbol for p in _pieces(text)]
    assert symbols[0] == "Runtime"
    assert "Runtime.method_0" in symbols and "Runtime.method_29" in symbols


# A small extension module indented with tabs, as older hand-written wrappers are: a comment
# and a decorator above definitions, a class whose methods are long enough to be cut apart, a
# call continued with tabs and spaces, and tabs inside a docstring and a string.
TABBED = """\
# cython: language_level=3
\"\"\"Bindings for the ring buffer of libring.\"\"\"

from libc.stdlib cimport malloc, free

cdef extern from "ring.h":
\tctypedef struct ring_t:
\t\tsize_t size
\t\tsize_t head
\tring_t* ring_new(size_t size) nogil
\tvoid ring_free(ring_t* ring) nogil
\tint ring_push(ring_t* ring, const char* data, size_t n) nogil


# Round a capacity up to the next power of two, as libring wants.
cdef inline size_t _round_up(size_t n) nogil:
\tcdef size_t size = 1
\twhile size < n:
\t\tsize <<= 1
\treturn size


cdef class Ring:
\t\"\"\"A ring buffer of bytes.

\tUsage:
\t\tring = Ring(1024)
\t\"\"\"
\tcdef ring_t* _ring

\tdef __cinit__(self, size_t capacity):
\t\tself._ring = ring_new(_round_up(capacity))
\t\tif self._ring is NULL:
\t\t\traise MemoryError("cannot allocate a ring of %d bytes" % capacity)

\tdef __dealloc__(self):
\t\tif self._ring is not NULL:
\t\t\tring_free(self._ring)
\t\t\tself._ring = NULL

\t@cython.boundscheck(False)
\tcpdef int push(self, bytes data) except -1:
\t\t# the length is checked by libring; -1 means the ring is full
\t\tcdef int written = ring_push(self._ring, data,
\t\t                             len(data))
\t\tif written < 0:
\t\t\traise BufferError("the ring is full\tdrop or read first")
\t\treturn written

\tproperty size:
\t\tdef __get__(self):
\t\t\treturn self._ring.size if self._ring is not NULL else 0
"""


def test_a_tab_indented_file_is_cut_per_definition_as_a_space_indented_one():
    """Tabs count to the next multiple of 8, as Python's tokenizer does; offsets and lines are
    the file's own. Before: tab-indented Cython was malformed, only nameless windows."""
    pieces = _pieces(TABBED)
    named = {p.symbol: p for p in pieces if p.symbol}
    assert {"ring.h", "_round_up", "Ring"} <= set(named), [p.symbol for p in pieces]
    assert named["_round_up"].content.startswith("# Round a capacity up")
    assert named["_round_up"].content.rstrip().endswith("\treturn size")
    assert named["ring.h"].symbol_type == "extern"
    assert "\tint ring_push(" in named["ring.h"].content
    # the same file indented with four spaces is cut at the same lines, named the same
    spaced = _pieces(TABBED.replace("\t\t\t", " " * 12).replace("\t\t", " " * 8)
                     .replace("\n\t", "\n    "))
    assert [(p.symbol, p.symbol_type, p.start_line, p.end_line) for p in pieces] == [
        (p.symbol, p.symbol_type, p.start_line, p.end_line) for p in spaced]
    _covered(TABBED, pieces)
    # a long class is cut per method there too, the tabs kept as written
    methods = "".join(f"\tcpdef object method_{i}(self, int n):\n\t\treturn self.run({i}, n)"
                      f" + {i} * n\n\n" for i in range(30))
    text = "cdef class Runtime:\n" + methods
    everything = _pieces(text)
    cut = {p.symbol: p for p in everything}
    assert cut["Runtime.method_3"].content == (
        "\tcpdef object method_3(self, int n):\n\t\treturn self.run(3, n) + 3 * n\n")
    assert cut["Runtime.method_3"].start_line == 11  # rows 2 + 3 * i
    _covered(text, everything)


@pytest.mark.parametrize("text", [
    "def f(x):\n\x0cif x:\n\x0c\x0creturn 1\n\x0creturn 2\n" * 20,  # form feeds
    "def f(x):\n\tif x:\n\t\treturn 1\n\t return 2\n" * 20,  # a tab then a space: 9
    "cdef int f(int x):\n        return x\n    return 2\n" * 20,  # dedent to no open level
    "x = 1\n    y = 2\ndef g():\n    return 3\n" * 20,  # unexpected indent
    'def h():\n    s = """never closed\n' + "    return 1\n" * 40,
])
def test_malformed_indentation_falls_back_to_windows(text):
    pieces = _pieces(text)
    assert pieces and all(p.symbol is None for p in pieces)
    _covered(text, pieces)


def test_strings_and_brackets_do_not_open_or_close_blocks():
    text = ('def outer(a,\n          b):\n    """A docstring.\ndef fake():\n    """\n'
            "    x = [\n1,\n]\n    return x  # the end of outer\n\n\n"
            "cdef class Holder:\n    cdef object value\n")
    named = {p.symbol: p for p in _pieces(text) if p.symbol}
    assert "fake" not in named
    assert named["outer"].content.rstrip().endswith("return x  # the end of outer")
    assert named["outer"].start_line == 1
