"""C functions whose declaration starts with an export or linkage macro, or whose body opens a
block with a macro, are one named chunk each (chunkers/cmacros.py). tree-sitter cannot read
`NPY_NO_EXPORT void f(...)`, so such a function was left to 500-character windows glued to its
neighbours: numpy's ctors.c had 14 function chunks of its 57 functions, umath's loops.c.src 1."""

from __future__ import annotations

import textwrap

from repokb.chunkers import chunker_for


def chunks(language: str, source: str):
    return chunker_for(language).chunk(textwrap.dedent(source).lstrip("\n"))


def functions(pieces):
    return [(p.start_line, p.end_line, p.symbol) for p in pieces if p.symbol_type == "function"]


def test_export_and_inline_macros_in_front_of_a_function():
    pieces = chunks("c", """
    #include "npy_config.h"

    /*
     * Steals a reference to descr.
     */
    NPY_NO_EXPORT PyObject *
    PyArray_NewFromDescr_int(PyTypeObject *subtype, PyArray_Descr *descr, int nd)
    {
        return NULL;
    }

    static NPY_INLINE int
    npy_is_aligned(const void *p, npy_uintp alignment)
    {
        return ((npy_uintp)(p) & ((alignment) - 1)) == 0;
    }

    NPY_FINLINE npy_uint64 npyv_tobits_b8(npyv_b8 a) { return (npy_uint64)_mm_movemask_epi8(a); }

    NPY_NO_EXPORT NPY_GCC_OPT_3
    int
    npy_ones_like(char **args, npy_intp const *dimensions, npy_intp const *steps)
    {
        return 0;
    }
    """)
    assert functions(pieces) == [
        # with its comment, and the short `#include` above it (a piece too short to keep)
        (1, 10, "PyArray_NewFromDescr_int"),
        (12, 16, "npy_is_aligned"),
        (18, 18, "npyv_tobits_b8"),
        (20, 25, "npy_ones_like"),  # from the line that holds only macros
    ]
    first = next(p for p in pieces if p.symbol == "PyArray_NewFromDescr_int")
    assert first.content.startswith(
        '#include "npy_config.h"\n\n/*\n * Steals a reference to descr.\n */\n')
    assert "NPY_NO_EXPORT PyObject *\nPyArray_NewFromDescr_int(" in first.content
    assert next(p for p in pieces if p.symbol == "npy_ones_like").content.startswith(
        "NPY_NO_EXPORT NPY_GCC_OPT_3\nint\n")


def test_sqlite_lua_and_zlib_api_macros():
    pieces = chunks("c", """
    SQLITE_API int sqlite3_open(const char *zFilename, sqlite3 **ppDb){
      return openDatabase(zFilename, ppDb, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, 0);
    }

    LUA_API int lua_gettop (lua_State *L) {
      return cast_int(L->top.p - (L->ci->func.p + 1));
    }

    ZEXTERN int ZEXPORT deflate OF((z_streamp strm, int flush));

    int ZEXPORT deflate(strm, flush)
        z_streamp strm;
        int flush;
    {
        int old_flush; /* value of flush param for previous deflate call */
        return Z_OK;
    }
    """)
    assert functions(pieces) == [(1, 3, "sqlite3_open"), (5, 7, "lua_gettop"),
                                 (11, 17, "deflate")]


def test_a_loop_macro_opening_a_block_in_a_numpy_template():
    pieces = chunks("c", """
    /**begin repeat
     * #TYPE = BYTE, SHORT#
     * #type = npy_byte, npy_short#
     */
    NPY_NO_EXPORT void
    @TYPE@_square(char **args, npy_intp const *dimensions, void *NPY_UNUSED(data))
    {
        UNARY_LOOP {
            const @type@ in1 = *(@type@ *)ip1;
            *((@type@ *)op1) = in1 * in1;
        }
    }

    NPY_NO_EXPORT void
    @TYPE@_maximum(char **args, npy_intp const *dimensions, void *NPY_UNUSED(func))
    {
        BINARY_REDUCE_LOOP(@type@) {
            io1 = (io1 > *(@type@ *)ip2) ? io1 : *(@type@ *)ip2;
        }
    }
    /**end repeat**/
    """)
    # the template's closing `/**end repeat**/`, too short alone, stays with the last function
    assert functions(pieces) == [(1, 12, "@TYPE@_square"), (14, 21, "@TYPE@_maximum")]
    square = next(p for p in pieces if p.symbol == "@TYPE@_square")
    assert "    UNARY_LOOP {\n" in square.content  # chunks hold the file as written


def test_clean_c_is_cut_as_before():
    """Macros that already parse (CPython's `PyMODINIT_FUNC`, `Py_LOCAL_INLINE(int)`) and
    all-caps types (`FILE *`) are left alone."""
    pieces = chunks("c", """
    PyMODINIT_FUNC
    PyInit__example(void)
    {
        return PyModuleDef_Init(&example_module);
    }

    Py_LOCAL_INLINE(int)
    unicode_eq(PyObject *a, PyObject *b)
    {
        return a == b || PyUnicode_Compare(a, b) == 0;
    }

    static FILE *
    open_log(const char *path)
    {
        return fopen(path, "a");
    }
    """)
    assert functions(pieces) == [(1, 5, "PyInit__example"), (7, 11, "unicode_eq"),
                                 (13, 17, "open_log")]


def test_a_cpp_export_macro():
    pieces = chunks("cpp", """
    namespace tensorflow {

    TF_EXPORT Status LoadSavedModel(const SessionOptions& session_options,
                                    const std::string& export_dir) {
      return OkStatus();
    }

    }  // namespace tensorflow
    """)
    # `namespace tensorflow {`, too short alone, opens the function's piece
    assert functions(pieces) == [(1, 8, "LoadSavedModel")]
