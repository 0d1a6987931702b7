"""The word lists (accent-folded, lower case)."""

_EN_STOP = """
a about above after again against all am an and any are as at be because been before being
below between both but by can could did do does doing down during each few for from further had
has have having he her here hers him his how i if in into is it its itself just me more most my
no nor not now of off on once only or other our ours out over own same she should so some such
than that the their theirs them then there these they this those through to too under until up
very was we were what when where which while who whom why will with would you your yours
"""
_ES_STOP = """
a al algo algun alguna algunas alguno algunos ante antes aqui asi aun cada como con contra cual
cuales cuando de del desde donde dos el ella ellas ellos en entre era eran es esa esas ese eso
esos esta estan estas este esto estos fue fueron ha han hay hace hacen hago la las le les lo los
mas me mi mis mucho muy nada ni no nos o otra otras otro otros para pero poco por porque puede
pueden puedo que quien se segun ser si sin sobre son su sus tambien tan tengo tiene tienen todo
todos tu un una unas uno unos usted y ya yo
"""
STOP_WORDS = frozenset(_EN_STOP.split()) | frozenset(_ES_STOP.split())
# Words a question says for what it does not name ("test that my code logged something", "is
# there anything to close"): no document's word answers them, yet BM25 weighs them as rare
# ones. structlog's "how do I test that my code logged something" was led lexically by
# docs/recipes.md's "something happened" (docs/testing.md 5th, ask39b). Dropped from the
# question's BM25 text only (repokb.query), where the question does not give one as a name.
VAGUE_WORDS = frozenset({"something", "anything", "everything", "stuff", "somehow", "someone",
                         "somebody", "anyone", "anybody", "whatever"})

# Spanish -> English, general programming vocabulary only (nothing about any one project).
ES_EN = {
    "agregar": "add", "anadir": "add", "actualizar": "update", "actualiza": "update",
    "ajuste": "setting", "ajustes": "settings", "almacenar": "store", "analizar": "parse",
    "archivo": "file", "archivos": "files", "argumento": "argument", "argumentos": "arguments",
    "atributo": "attribute", "atributos": "attributes", "autenticacion": "authentication",
    "autenticar": "authenticate", "base": "base", "datos": "data", "borrar": "delete",
    "buscar": "search", "busqueda": "search", "cabecera": "header", "cabeceras": "headers",
    "cadena": "string", "cadenas": "strings", "cambiar": "change", "cambio": "change",
    "campo": "field", "campos": "fields", "cargar": "load", "carga": "load", "carpeta": "folder",
    "clase": "class", "clases": "classes", "clave": "key", "claves": "keys", "cliente": "client",
    "codigo": "code", "comando": "command", "comandos": "commands", "comparar": "compare",
    "comparacion": "comparison", "compilar": "compile", "comprobar": "check",
    "conexion": "connection", "conexiones": "connections", "configuracion": "configuration",
    "configurar": "configure", "configuro": "configure", "configura": "configure",
    "congelada": "frozen", "congeladas": "frozen", "congelado": "frozen", "congelar": "freeze",
    "contrasena": "password", "convertir": "convert", "convertidor": "converter",
    "convierte": "convert", "copiar": "copy", "copia": "copy", "crear": "create",
    "crea": "create", "defecto": "default", "predeterminado": "default", "definir": "define",
    "dependencia": "dependency", "dependencias": "dependencies", "desactivar": "disable",
    "desactivado": "disabled", "desactivados": "disabled", "diccionario": "dictionary",
    "directorio": "directory", "documentacion": "documentation", "ejecutar": "run",
    "ejecuta": "run", "ejemplo": "example", "ejemplos": "examples", "eliminar": "remove",
    "entorno": "environment", "entornos": "environments", "enviar": "send", "error": "error",
    "errores": "errors", "escribir": "write", "esquema": "schema", "estilo": "style",
    "evento": "event", "eventos": "events", "excepcion": "exception", "excepciones": "exceptions",
    "exportar": "export", "fecha": "date", "fichero": "file", "ficheros": "files",
    "filtrar": "filter", "filtro": "filter", "formatear": "format", "formato": "format",
    "funcion": "function", "funciones": "functions", "generar": "generate", "genera": "generate",
    "gestionar": "handle", "guardar": "save", "hash": "hash", "herencia": "inheritance",
    "igualdad": "equality", "importar": "import", "imprimir": "print", "indice": "index",
    "inicializar": "initialize", "inicializador": "initializer", "instalar": "install",
    "instalacion": "installation", "instancia": "instance", "instancias": "instances",
    "inmutable": "immutable", "inmutables": "immutable", "lanza": "raises", "lanzar": "raise",
    "largo": "long", "longitud": "length", "leer": "read", "lee": "read", "linea": "line",
    "lineas": "lines", "lista": "list", "listas": "lists", "llamar": "call", "llamada": "call",
    "mensaje": "message", "mensajes": "messages", "metodo": "method", "metodos": "methods",
    "modulo": "module", "modulos": "modules", "mostrar": "show", "nombre": "name",
    "nombres": "names", "nulo": "null", "nulos": "null", "numero": "number", "numeros": "numbers",
    "objeto": "object", "objetos": "objects", "obtener": "get", "obtiene": "get",
    "opcion": "option", "opciones": "options", "opcional": "optional", "ordenar": "sort",
    "paquete": "package", "paquetes": "packages", "parametro": "parameter",
    "parametros": "parameters", "peticion": "request", "peticiones": "requests",
    "plantilla": "template", "plugin": "plugin", "privado": "private", "privados": "private",
    "probar": "test", "prueba": "test", "pruebas": "tests", "publicar": "publish",
    "puerto": "port", "raiz": "root", "registrar": "log", "registro": "log",
    "registros": "logs", "regla": "rule", "reglas": "rules", "repositorio": "repository",
    "respuesta": "response", "resultado": "result", "ruta": "path", "rutas": "routes",
    "salida": "output", "entrada": "input", "seguro": "safe", "servidor": "server",
    "sintaxis": "syntax", "subclase": "subclass", "tabla": "table", "tiempo": "time",
    "espera": "timeout", "tipo": "type", "tipos": "types", "token": "token", "tupla": "tuple",
    "tuplas": "tuples", "usuario": "user", "usuarios": "users", "validar": "validate",
    "valida": "validate", "validacion": "validation", "validador": "validator",
    "validadores": "validators", "valor": "value", "valores": "values", "variable": "variable",
    "variables": "variables", "version": "version", "versiones": "versions", "vacio": "empty",
    "verificar": "verify", "comillas": "quotes", "sangria": "indentation", "espacios": "spaces",
    "tabuladores": "tabs", "cuaderno": "notebook", "celda": "cell", "formateador": "formatter",
    "decorador": "decorator", "conversion": "conversion", "serializar": "serialize",
    "deserializar": "deserialize", "ignorar": "ignore", "recursivo": "recursive",
    "recursivamente": "recursively", "igual": "equal", "mayor": "greater", "menor": "less",
    "distinto": "different", "aplicar": "apply", "cambios": "changes", "nuevo": "new",
    "nueva": "new", "vieja": "old", "viejo": "old", "por defecto": "default",
    "escritura": "write", "lectura": "read", "usar": "use", "uso": "use", "utilizar": "use",
    "porque": "why", "por que": "why", "como": "how", "donde": "where", "cuando": "when",
    "que hace": "what does", "funciona": "works", "funcionan": "work",
}

# Products, platforms and protocols spelled with a capital inside the word ("PyPI", "GitHub",
# "macOS", "OAuth"), as their makers spell them: the capital makes them look like code names
# (`camelCase`), and "which Cargo feature enables uploading to PyPI" was searched as `def pypi
# function pypi ...` (maturin's `pypi_tags.rs` first, the feature 12th). They are words of a
# question unless the searched project defines one (repokb.query: `is_defined`). Spellings
# without an inner capital (npm, YAML, Docker) are words already. Looked up lower-cased.
PRODUCT_NAMES = frozenset(name.lower() for name in (
    # package registries, code hosts, CI
    "PyPI", "TestPyPI", "GitHub", "GitLab", "BitBucket", "DockerHub", "CircleCI", "TravisCI",
    "AppVeyor", "SourceHut", "RubyGems", "NuGet", "CodeCov", "ReadTheDocs", "SonarQube",
    "SonarCloud", "GitHubActions",
    # operating systems and devices
    "macOS", "MacOSX", "iOS", "iPadOS", "tvOS", "watchOS", "visionOS", "iPhone", "iPad",
    "FreeBSD", "OpenBSD", "NetBSD", "DragonFlyBSD", "ChromeOS", "HarmonyOS", "webOS",
    # databases, brokers, search engines
    "MySQL", "PostgreSQL", "PostGIS", "SQLite", "MongoDB", "MariaDB", "DynamoDB", "CockroachDB",
    "ClickHouse", "CouchDB", "InfluxDB", "TimescaleDB", "DuckDB", "RabbitMQ", "ZeroMQ",
    "ActiveMQ", "OpenSearch", "ElasticSearch", "CosmosDB", "BigQuery", "RocksDB", "LevelDB",
    "SurrealDB", "QuestDB", "ArangoDB", "MSSQL", "SQLServer", "OracleDB", "GraphDB",
    # languages, runtimes, formats, protocols
    "JavaScript", "TypeScript", "CoffeeScript", "ActionScript", "WebAssembly", "GraphQL",
    "WebSocket", "WebSockets", "WebGL", "WebGPU", "WebRTC", "WebDAV", "WebAuthn", "OAuth",
    "OAuth2", "OpenID", "OpenAPI", "AsyncAPI", "OpenSSL", "LibreSSL", "BoringSSL", "OpenSSH",
    "LaTeX", "BibTeX", "IPv4", "IPv6", "ECMAScript", "NodeJS", "CPython", "PyPy", "IronPython",
    "MicroPython", "GraalVM", "OpenJDK", "DotNet", "PowerShell", "ObjC", "gRPC", "GeoJSON",
    "MessagePack", "OpenTelemetry", "OpenTracing", "OpenMetrics", "JSONSchema",
    # libraries, frameworks, tools and services known by their product name
    "NumPy", "SciPy", "PyTorch", "TensorFlow", "PyO3", "PyQt", "PySide", "PyGame", "PyInstaller",
    "PyCharm", "IntelliJ", "JetBrains", "VSCode", "NeoVim", "FastAPI", "SvelteKit", "NextJS",
    "NuxtJS", "NestJS", "ExpressJS", "VueJS", "ReactJS", "AngularJS", "jQuery", "RxJS",
    "TypeORM", "GraphiQL", "OpenAI", "HuggingFace", "LangChain", "LlamaIndex", "CloudFlare",
    "DigitalOcean", "CloudFormation", "DevOps", "WordPress", "YouTube", "LinkedIn", "PayPal",
    "WhatsApp", "SendGrid", "MailGun", "OneLogin", "KeyCloak", "JavaDoc", "JSDoc", "PyPA",
    "DevTools", "MkDocs", "HackerOne", "StackOverflow", "OpenStack", "OpenShift",
    "VirtualBox", "VMware", "WebKit", "WebView", "WebDriver", "PhantomJS", "PostCSS",
))

# Phrasal verbs programmers write as one word in names (`checkout`, `setUp`, `login`,
# `cleanup`): "create a new branch and check it out" says `check ... out`, and BM25 never met
# magit's `magit-branch-and-checkout` (31st) for want of the token `checkout` (rank37). The
# verb (any of its forms), an optional pronoun, then the particle: the compound is one more
# word for BM25 (repokb.query: `compounds`).
PHRASAL_COMPOUNDS = {
    ("check", "out"): "checkout", ("check", "in"): "checkin", ("log", "in"): "login",
    ("log", "out"): "logout", ("sign", "in"): "signin", ("sign", "out"): "signout",
    ("sign", "up"): "signup", ("tear", "down"): "teardown",
    ("clean", "up"): "cleanup", ("look", "up"): "lookup", ("roll", "back"): "rollback",
    ("fall", "back"): "fallback", ("back", "up"): "backup", ("shut", "down"): "shutdown",
    ("start", "up"): "startup", ("time", "out"): "timeout", ("pop", "up"): "popup",
    ("drop", "down"): "dropdown", ("dry", "run"): "dryrun",
}
# ("set", "up") is left out: "how do I set up X" is how a question asks for the docs, and
# `setup` is every setup.py and test fixture's name
