"""A LuaRocks project's own files are Lua: its rockspec, its tools' settings, its specs.

A pass over a Penlight 1.13.1 tree laid out as its repository is (Debian's lua-penlight
sources under lua/pl, a busted spec/ folder) found `penlight-1.13.1-1.rockspec`, `.luacheckrc`,
`.busted` and LDoc's `config.ld` unknown, so excluded. GitHub Linguist names `.rockspec` and
`.luacheckrc` Lua; busted, LuaCov and LDoc read theirs as Lua tables.
"""

from __future__ import annotations

import pytest

from repokb.models import Kind, Policy

from ..conftest import classify_file

ROCKSPEC = ('package = "penlight"\nversion = "1.13.1-1"\nsource = {\n'
            '  url = "git+https://github.com/lunarmodules/penlight.git",\n}\n'
            'dependencies = {\n  "luafilesystem",\n}\n')
LUACHECKRC = 'unused_args = false\nglobals = {\n  "ngx",\n}\nexclude_files = { "tests/*.lua" }\n'
BUSTED = 'return {\n  _all = {\n    lpath = "lua/?.lua;lua/?/init.lua",\n  },\n}\n'
SPEC = ('local utils = require("pl.utils")\ndescribe("pl.utils", function()\n'
        '  it("splits", function()\n    assert.same({"a"}, utils.split("a"))\n  end)\nend)\n')


@pytest.mark.parametrize(
    ("rel", "content", "kind", "subkind", "language", "policy"),
    [
        ("penlight-1.13.1-1.rockspec", ROCKSPEC, Kind.DEPENDENCY_MANIFEST, "luarocks_rockspec",
         "lua", Policy.INDEX_TEXT),
        ("rockspecs/penlight-scm-1.rockspec", ROCKSPEC, Kind.DEPENDENCY_MANIFEST,
         "luarocks_rockspec", "lua", Policy.INDEX_TEXT),
        (".luacheckrc", LUACHECKRC, Kind.CONFIGURATION, "lua_config", "lua", Policy.INDEX_TEXT),
        (".busted", BUSTED, Kind.CONFIGURATION, "lua_config", "lua", Policy.INDEX_TEXT),
        (".luacov", 'include = { "lua/pl" }\n', Kind.CONFIGURATION, "lua_config", "lua",
         Policy.INDEX_TEXT),
        ("config.ld", "project = 'Penlight'\nfile = '../lua/pl'\n", Kind.CONFIGURATION,
         "lua_config", "lua", Policy.INDEX_TEXT),
        # busted runs `*_spec.lua` wherever it is, not only under spec/
        ("lua/pl/extra/strx_spec.lua", SPEC, Kind.TEST, "lua_test", "lua",
         Policy.PARSE_AND_INDEX),
        (".styluaignore", "lua/pl/compat.lua\n", Kind.CONFIGURATION, "tool_config", None,
         Policy.METADATA_ONLY),
        # a Neovim plugin's Vim script and lua-language-server's settings with comments
        ("after/ftplugin/lua.vim", "setlocal shiftwidth=2\n", Kind.SOURCE, "vim_source", "vim",
         Policy.PARSE_AND_INDEX),
        (".luarc.jsonc", '{\n  // LuaJIT\n  "runtime.version": "LuaJIT"\n}\n',
         Kind.CONFIGURATION, "json_config", "json", Policy.INDEX_TEXT),
        # what stays as it was
        ("spec/utils_spec.lua", SPEC, Kind.TEST, "lua_test", "lua", Policy.PARSE_AND_INDEX),
        ("lua/pl/utils.lua", "local utils = {}\nreturn utils\n", Kind.SOURCE, "lua_source",
         "lua", Policy.PARSE_AND_INDEX),
        ("stylua.toml", "indent_width = 2\n", Kind.CONFIGURATION, "toml_config", "toml",
         Policy.INDEX_TEXT),
        (".luarc.json", '{"runtime.version": "Lua 5.1"}\n', Kind.CONFIGURATION, "json_config",
         "json", Policy.INDEX_TEXT),
    ],
)
def test_a_luarocks_projects_files_are_lua(tmp_path, rel, content, kind, subkind, language,
                                           policy):
    c = classify_file(tmp_path, rel, content)
    assert (c.kind, c.subkind, c.language, c.index_policy) == (
        kind, subkind, language, policy), c.reasons
