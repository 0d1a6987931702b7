"""Fortran read as its developers expect: SciPy's FORTRAN 77 and f2py files, modern modules.

A pass over SciPy 1.6.1's sdist (414 `.f`, 14 `.pyf`) found the `.f` files cut in nameless
500-character windows and the f2py signature files (`.pyf`) unknown, excluded. tree-sitter-
fortran 0.6 parses free form only: on fixed form a `C` comment line, a continuation in column 6
and the digits past column 72 are errors (426 of the 428 files had some), so the chunker reads
fixed form as free form for parsing (chunkers/fortranform.py).
"""

from __future__ import annotations

import pytest

from repokb.chunkers import chunker_for
from repokb.chunkers.fortranform import as_free_form, is_fixed_form
from repokb.models import Kind, Policy

from ..conftest import classify_file

ODEPACK = """\
C     ODE helpers in the style of ODEPACK.
C
      SUBROUTINE XSETF (MFLAG)
      INTEGER MFLAG, MESFLG, LUNIT
      COMMON /EH0001/ MESFLG, LUNIT
      IF (MFLAG .EQ. 0 .OR. MFLAG .EQ. 1) MESFLG = MFLAG
      RETURN
      END
*
*     VMNORM computes the weighted max-norm of the vector of length N
*     contained in the array V, with weights contained in W.
*
      DOUBLE PRECISION FUNCTION VMNORM (N, V,
     1                                  W)
      INTEGER N, I
      DOUBLE PRECISION V(N), W(N), VM
      VM = 0.0D0
      DO 10 I = 1,N
 10     VM = MAX(VM,ABS(V(I))*W(I))
      VMNORM = VM
      RETURN
      END
c
c     the 21-point Gauss-Kronrod rule (QUADPACK's DQK21)
c
      SUBROUTINE DQK21(F,A,B,RESULT)
      DOUBLE PRECISION A,B,RESULT,F,XGK(2)
      DATA XGK(1) / 0.9956571630 2580808073 5527280689 003 D0 /
      DATA XGK(2) / 0.9739065285 1717172007 7964012084 452 D0 /
      EXTERNAL F
      RESULT = (B-A)*F(XGK(1))
      RETURN
      END
"""

MODULE = """\
module shop_orders
  implicit none
contains
  !> The sum of an order's lines, in cents.
  pure function total(cents) result(s)
    integer, intent(in) :: cents(:)
    integer :: s
    s = sum(cents)
  end function total

  subroutine charge(cents, paid)
    integer, intent(in) :: cents(:)
    integer, intent(out) :: paid
    paid = total(cents)
  end subroutine charge
end module shop_orders
"""


def _named(pieces: list) -> dict[str, object]:
    return {p.symbol: p for p in pieces if p.symbol}


def test_fixed_form_routines_are_pieces_with_the_comment_block_above() -> None:
    chunker = chunker_for("fortran")
    assert chunker is not None
    pieces = chunker.chunk_path(ODEPACK, "scipy/integrate/odepack/helpers.f")
    named = _named(pieces)
    assert set(named) == {"XSETF", "VMNORM", "DQK21"}
    vmnorm = named["VMNORM"]
    assert vmnorm.symbol_type == "function"
    # the comment block above, the continuation line and the END are the function's
    assert vmnorm.content.startswith("*\n*     VMNORM computes")
    assert "     1                                  W)" in vmnorm.content
    assert vmnorm.content.rstrip().endswith("END")
    # DATA's blank-separated digits do not parse, the routine is still one piece
    dqk21 = named["DQK21"]
    assert dqk21.symbol_type == "subroutine"
    assert "Gauss-Kronrod" in dqk21.content and "RESULT = (B-A)" in dqk21.content
    assert all(p.symbol for p in pieces)  # no line left to nameless windows


def test_a_module_procedures_are_named_after_it() -> None:
    chunker = chunker_for("fortran")
    assert chunker is not None
    named = _named(chunker.chunk_path(MODULE, "src/shop_orders.f90"))
    assert named["shop_orders.total"].symbol_type == "function"
    assert named["shop_orders.total"].content.lstrip().startswith("!> The sum")
    assert named["shop_orders.charge"].symbol_type == "subroutine"
    assert "end module shop_orders" in named["shop_orders.charge"].content


def test_f2py_signature_files_are_cut_per_routine() -> None:
    pyf = ("python module _odepack ! in\n    interface\n"
           "        subroutine lsoda(f,neq,y,t) ! in :_odepack:lsoda.f\n"
           "            external f\n            integer intent(in) :: neq\n"
           "            double precision dimension(neq),intent(in,out) :: y\n"
           "            double precision intent(in,out) :: t\n"
           "        end subroutine lsoda\n    end interface\nend python module _odepack\n")
    chunker = chunker_for("fortran")
    assert chunker is not None
    named = _named(chunker.chunk_path(pyf, "scipy/integrate/lsoda.pyf"))
    assert named["_odepack.lsoda"].symbol_type == "subroutine"


@pytest.mark.parametrize(("path", "text", "fixed"), [
    ("a.f", "      CALL X\n", True),
    ("a.F", "      CALL X\n", True),
    ("a.for", "      CALL X\n", True),
    ("a.f90", "C = 1\n", False),
    ("a.pyf", "python module m\nend python module m\n", False),
    (None, "C     a comment\n      CALL X\n", True),
    (None, "module m\ncontains\nend module m\n", False),
    (None, "c = 1\ncall x(c)\n", False),
    (None, "c     a comment\n      x = 1 +\n     &    2\n", True),
    (None, "c = 1 + &\n    2\n", False),
])
def test_fixed_form_is_told_by_the_suffix_or_else_the_lines(path: str | None, text: str,
                                                            fixed: bool) -> None:
    assert is_fixed_form(text, path) is fixed


def test_free_form_reading_keeps_the_rows() -> None:
    text = ODEPACK + "\tX = 1\n\t1 + 2\n"
    free = as_free_form(text)
    assert free.count("\n") == text.count("\n")
    assert "DOUBLE PRECISION FUNCTION VMNORM (N, V, &" in free
    assert "      X = 1 &\n      & + 2" in free


@pytest.mark.parametrize(("rel", "content"), [
    ("scipy/integrate/lsoda.pyf", "python module _odepack\nend python module _odepack\n"),
    ("src/shop.F90", "module shop\nend module shop\n"),
    ("src/shop.f18", "module shop\nend module shop\n"),
    ("src/old.ftn", "      END\n"),
])
def test_fortran_files_are_source(tmp_path, rel: str, content: str) -> None:
    c = classify_file(tmp_path, rel, content)
    assert (c.kind, c.language, c.index_policy) == (Kind.SOURCE, "fortran",
                                                    Policy.PARSE_AND_INDEX)
