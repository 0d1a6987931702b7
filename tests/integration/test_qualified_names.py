"""A qualified name typed as the query finds its definition first, through `repokb search`.

Django 5.2.8 (forms, db, core, http, views: 5,804 pieces): `django.forms.Form` found the class
`Form` in no place of the top 10 (a three-line class among a thousand pieces saying "form";
the query, three words to the intent, was no symbol lookup), and `Model.save` put
`BaseModelFormSet.save` and `BaseModelForm.save` (models.py, whose name says "model") above
`Model.save` (and "how does Model.save work"). The definitions of a qualified name's last name
are looked up by symbol and kept where the qualifier is their owner (`Model.save`) or their
module (`django.forms`); a qualifier that is a candidate's owner names no file (models.py). The
planted project is smaller: its own forms (`class PrefixForm(Form)`, ...) put `Form` below
30 pieces in both rankings.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ..conftest import invoke, write

pytestmark = pytest.mark.integration

_PARTS = ["field", "widget", "label", "error", "initial", "prefix", "media", "cleaned_data",
          "changed_data", "bound_field", "hidden_fields", "visible_fields", "non_field_errors",
          "help_text", "renderer", "template", "auto_id", "data", "files", "order", "delete",
          "management", "extra", "absolute_max", "validate", "empty", "total", "initial_forms",
          "queryset", "instance"]


def _project(root: Path) -> Path:
    base = "".join(f'''
    def form_{part}(self, form=None):
        """Return the {part} of this form, or of the given form: every form of a formset
        renders its {part} through the form's renderer."""
        form = form or self
        return form.get_{part}_for_form(self.form_{part}_default)
''' for part in _PARTS)
    write(root, "shop/forms/forms.py", f'''
"""Form classes."""


class BaseForm:
    """The main implementation of all the Form logic. Note that this class is different than
    Form. See the comments by the Form class for more info."""
{base}

class Form(BaseForm):
    "A collection of Fields, plus their associated data."

    # This is a separate class from BaseForm in order to abstract the way
    # self.fields is specified. This class (Form) is the one that does the
    # fancy metaclass stuff purely for the semantic sugar -- it allows one
    # to define a form using declarative syntax.
''')
    # the project's own forms: many small classes, each a form saying "Form" twice
    forms = "".join(f'''

class {part.title().replace("_", "")}Form(Form):
    """A form for the {part.replace("_", " ")} of an order: the customer fills this form in."""
    template_name = "shop/forms/{part}_form.html"
''' for part in _PARTS)
    write(root, "shop/orders/forms.py",
          f'"""Forms of the shop."""\nfrom shop.forms.forms import Form\n{forms}')
    sets = "".join(f'''
def formset_{part}(formset, form):
    """The {part} of a form in a formset: each form of the formset keeps its own."""
    return formset.forms[form.prefix].{part}
''' for part in _PARTS)
    write(root, "shop/forms/formsets.py", f'"""Formsets."""\n{sets}')
    saves = "".join(f'''
    def save_{part}(self, commit=True):
        """Save the {part} of this model form's instance into the database."""
        return self.instance.save_{part}(commit)
''' for part in _PARTS[:15])
    write(root, "shop/forms/models.py", f'''
"""Helper functions for creating Form classes from Django models and database field objects."""


class BaseModelForm:
    def save(self, commit=True):
        """Save this form's self.instance object if commit=True. Otherwise, add a save_m2m()
        method to the form which can be called after the instance is saved manually at a
        later time. Return the model instance."""
        if commit:
            self.instance.save()
        return self.instance
{saves}

class BaseModelFormSet:
    def save(self, commit=True):
        """Save model instances for every form, adding and changing instances as necessary,
        and return the list of instances."""
        return [form.save(commit) for form in self.forms]
''')
    methods = "".join(f'''
    def refresh_{part}(self):
        """Reload the {part} of this model instance from the database."""
        return self._do_refresh("{part}")
''' for part in _PARTS[:15])
    write(root, "shop/db/models/base.py", f'''
"""The base class of all models."""


class Model:
    def __init__(self, **kwargs):
        self.__dict__.update(kwargs)
{methods}
    def save(self, force_insert=False, force_update=False, using=None):
        """Save the current instance. Override this in a subclass if you want to control the
        saving process."""
        self._save_table(force_insert, force_update, using)
''')
    return root


def test_a_qualified_name_finds_its_definition_first(home, tmp_path):
    root = _project(tmp_path / "shop")
    invoke("index", str(root), "--json")
    for text, path, symbol in (("shop.forms.Form", "shop/forms/forms.py", "Form"),
                               ("Model.save", "shop/db/models/base.py", "Model.save"),
                               ("how does Model.save work", "shop/db/models/base.py",
                                "Model.save")):
        hits = json.loads(invoke("search", text, "--json", "--limit", "10"))
        assert (hits[0]["path"], hits[0]["symbol"]) == (path, symbol), (text, [
            (h["path"], h["symbol"]) for h in hits])
