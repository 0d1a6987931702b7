"""Forms of front-end projects left readable before REDACTION_VERSION 34: a bundler's `define`
(Vite, webpack, Nuxt and SvelteKit configs) writing a secret into the bundle through
`JSON.stringify("X")`, and Vite's `import.meta.env.X || "X"` fallback, in a config file or in a
Vue or Svelte component's `<script>`. A define of a version, a header's name or another
variable stays readable. Values are made up, assembled at run time."""

from __future__ import annotations

from ..secret_forms import kept_forms, redacted_forms

X = "".join(("mapsProd", "Key2024x"))  # low entropy: no entropy finder takes it

REDACTED_FORMS = [
    ("typescript", f"  define: {{ API_KEY: JSON.stringify('{X}') }},\n"),
    ("typescript", f"    MAPBOX_TOKEN: JSON.stringify(\"{X}\"),\n"),
    ("javascript",
     f"  vite: {{ define: {{ 'import.meta.env.VITE_SECRET': JSON.stringify('{X}') }} }},\n"),
    ("javascript", f"    'process.env.SECRET_TOKEN': JSON.stringify(`{X}`),\n"),
    ("vue", f"const key = import.meta.env.VITE_API_KEY || '{X}'\n"),
    ("svelte", f"  const token = import.meta.env.VITE_AUTH_TOKEN ?? \"{X}\";\n"),
    ("vue", f"<script setup>\nconst key = import.meta.env['VITE_API_KEY'] || '{X}'\n</script>\n"),
]


test_a_bundler_define_or_a_vite_env_fallback_is_redacted = redacted_forms(REDACTED_FORMS, X)


KEPT = [
    "  define: { __APP_VERSION__: JSON.stringify('1.2.3') },\n",
    "  define: { API_KEY: JSON.stringify(process.env.API_KEY) },\n",
    "  define: { TOKEN_HEADER: JSON.stringify('X-Auth-Token') },\n",
    "const key = import.meta.env.VITE_API_KEY || ''\n",
    "const base = import.meta.env.VITE_API_BASE || 'https://api.example.com'\n",
]


test_defines_and_fallbacks_that_hold_no_secret_stay = kept_forms(
    [("typescript", text) for text in KEPT])
