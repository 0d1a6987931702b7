"""Errors travel between processes in the REST error shape and come back as the same class."""

from __future__ import annotations

import pytest

from repokb import errors

CLASSES = [errors.RepokbError, errors.ConfigError, errors.InputError, errors.NotFoundError,
           errors.TooLargeError, errors.AccessError, errors.AuthError, errors.BusyError,
           errors.ModelError, errors.StoreError, errors.StoreBusyError]


@pytest.mark.parametrize("cls", CLASSES)
def test_every_error_comes_back_as_itself(cls):
    sent = cls("Something went wrong.", hint="Do this instead.",
               details=[{"location": "body.x", "message": "bad"}])
    body = sent.to_json()
    assert set(body["error"]) == {"status", "code", "message", "hint", "details"}
    back = errors.from_response(body, body["error"]["status"])
    assert type(back) is cls
    assert (back.message, back.hint, back.details, back.exit_code, back.status) == (
        sent.message, sent.hint, sent.details, sent.exit_code, sent.status)


def test_codes_are_unique_so_the_class_is_known():
    codes = [c.code for c in CLASSES]
    assert len(codes) == len(set(codes))


def test_unknown_codes_fall_back_by_status():
    teapot = errors.from_response({"error": {"code": "unsupported_media_type", "message": "m",
                                             "hint": "", "details": []}}, 415)
    assert type(teapot) is errors.InputError and teapot.status == 415 and teapot.exit_code == 2
    broken = errors.from_response("not json", 502)
    assert isinstance(broken, errors.StoreError)
