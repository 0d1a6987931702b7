"""Two adjustments to typer 0.29's parameter types, made once when the CLI loads.

- `--help` shows TEXT, INTEGER or PATH for a value (typer shows Python annotations:
  `--json <bool>`, `<list[Path]>`) and nothing for a flag.
- Values are converted without pydantic. typer 0.29 converts every parameter through a
  pydantic TypeAdapter; importing pydantic is ~80 ms of CPU, a third of a `repokb search` that a
  warm owner answers. repokb's parameters are plain (text, integers with min/max, flags, paths,
  lists of those): converted here with the same checks and messages; anything else (a parser,
  a choice, clamping) still goes through typer's own conversion.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, get_args, get_origin

import typer


def plain_help_types() -> None:
    from typer import core

    words = {int: "INTEGER", float: "NUMBER", str: "TEXT", Path: "PATH"}

    def option_type(self: Any, ctx: Any) -> str | None:
        if self.metavar is not None:
            return str(self.metavar)
        if self.is_flag or self.is_bool_flag:
            return None
        annotation = self.type_descriptor.annotation
        if get_origin(annotation) is list:
            annotation = get_args(annotation)[0]
        return words.get(annotation, "VALUE")

    core.TyperOption.display_type_rich = option_type  # type: ignore[method-assign]
    core.TyperArgument.display_type_rich = (  # type: ignore[method-assign]
        lambda self, ctx: None)  # the argument's name and help say what it is


_PLAIN = (str, int, float, bool, Path)


def _plain(annotation: Any, info: Any) -> bool:
    """A type this module converts: no parser, no clamping; a path without path checks other
    than typer's defaults (those go through typer's `coerce_cli_path` below)."""
    if get_origin(annotation) is list:
        (annotation,) = get_args(annotation)
    return (annotation in _PLAIN and getattr(info, "parser", None) is None
            and not getattr(info, "clamp", False)
            and getattr(info, "path_type", None) in (None, Path))


def _convert(annotation: Any, info: Any, value: Any, param: Any, ctx: Any) -> Any:
    if annotation is str:
        return value if isinstance(value, str) else str(value)
    if annotation is bool:
        return value
    if annotation is Path:
        from typer._param_types import coerce_cli_path

        if value == "":  # `repokb index "$DIR"` with DIR unset would index the current folder
            raise typer.BadParameter("An empty path. Give a folder ('.' for the current one).",
                                     ctx=ctx, param=param)

        return coerce_cli_path(Path(value), info, path_type=Path, param=param, ctx=ctx)
    try:  # int or float, as pydantic words its errors
        number = annotation(value)
    except (TypeError, ValueError):
        kind = "integer" if annotation is int else "number"
        raise typer.BadParameter(f"Input should be a valid {kind}, unable to parse string as "
                                 f"an {kind}", ctx=ctx, param=param) from None
    if info.min is not None and number < info.min:
        raise typer.BadParameter(f"Input should be greater than or equal to {info.min}",
                                 ctx=ctx, param=param)
    if info.max is not None and number > info.max:
        raise typer.BadParameter(f"Input should be less than or equal to {info.max}",
                                 ctx=ctx, param=param)
    return number


def light_conversion() -> None:
    try:
        from typer import _coercion, core
    except ImportError:  # another typer: its own conversion
        return
    base = getattr(_coercion, "RuntimeParam", None)
    parameter = getattr(core, "_TyperParameter", None)
    if base is None or parameter is None or not hasattr(parameter, "get_runtime_param"):
        return

    @dataclass(frozen=True)
    class Plain(base):  # type: ignore[misc, valid-type]
        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            annotation: Any = self.annotation
            info = self.parameter_info
            if get_origin(annotation) is list:
                (item,) = get_args(annotation)
                items = value if isinstance(value, (list, tuple)) else [value]
                return [_convert(item, info, v, param, ctx) for v in items]
            return _convert(annotation, info, value, param, ctx)

    typers_own = parameter.get_runtime_param

    def runtime_param(self: Any) -> Any:
        if self._runtime_param is None:
            described = self.type_descriptor
            if described.file_annotation is None and _plain(described.annotation,
                                                            described.parameter_info):
                self._runtime_param = Plain(parameter_info=described.parameter_info,
                                            annotation=described.annotation)
        return typers_own(self)

    parameter.get_runtime_param = runtime_param
