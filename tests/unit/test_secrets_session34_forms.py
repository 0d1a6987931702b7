"""Secret forms session 34's attacker pass found stored as written (39 of 78 forms probed;
`/tmp/secrets34/forms.py`, kept out of the repository): a password or key given as the literal
argument of the call that hashes, checks or keys with it (`secrets/hashcalls.py`), where no
secret-named key stands before it, and a `Bearer` literal whose token is 8-15 characters
(`shapes._BEARER_LITERAL`: a random-looking one is a token, SPEC's placeholders and words stay).

The nearest readable forms (a variable, a placeholder, a plain word, a `${VAR}`, a test's
`"password"`) stay.
"""

from __future__ import annotations

from ..secret_forms import kept_forms, redacted_forms

MUST_REDACT = [  # (language, text with X, X): each stored as written on main
    ('rust', 'let ok = bcrypt::verify("{X}", &hash)?;\n', 'Hu7nter2Zq'),
    ('php', "<?php\nif (password_verify('{X}', $hash)) { echo 'ok'; }\n", 'Pv4Lm8Qr2x'),
    ('python', 'assert check_password_hash(h, "{X}")\n', 'Ck6Pw9Zr3t'),
    ('ruby', 'digest = BCrypt::Password.create("{X}")\n', 'Bc5Rt8Yu2w'),
    ('python', 'hashed = bcrypt.hashpw(b"{X}", bcrypt.gensalt())\n', 'Hp3Kw7Zq9x'),
    ('python', 'assert bcrypt.checkpw(b"{X}", hashed)\n', 'Cp8Xz2Wq4v'),
    ('javascript', 'const h = await bcrypt.hash("{X}", 10);\n', 'Nh4Qz7Lm2p'),
    ('javascript', 'const ok = await bcrypt.compare("{X}", user.hash);\n', 'Nc9Wr3Tx5k'),
    ('javascript', "const h = bcrypt.hashSync('{X}', 10);\n", 'Ns3Wq8Zx2m'),
    ('python', 'user.password = make_password("{X}")\n', 'Dm7Xq2Lp9w'),
    ('python', 'assert check_password("{X}", encoded)\n', 'Dc3Zr8Kt5v'),
    ('go',
     'h, _ := bcrypt.GenerateFromPassword([]byte("{X}"), bcrypt.DefaultCost)\n', 'Gb4Tz9Qm2x'),
    ('go', 'err := bcrypt.CompareHashAndPassword(hash, []byte("{X}"))\n', 'Gc7Rw3Lp8v'),
    ('java', 'String h = BCrypt.hashpw("{X}", BCrypt.gensalt());\n', 'Jh2Xq8Zr4t'),
    ('java', 'String h = passwordEncoder.encode("{X}");\n', 'Je5Tk9Wm3q'),
    ('java', 'boolean ok = BCrypt.checkpw("{X}", hashed);\n', 'Jc8Lz2Vr6p'),
    ('python', 'h = PasswordHasher().hash("{X}")\n', 'Ap6Wr2Tk8x'),
    ('python', 'ph.verify(h, "{X}")\n', 'Av9Zq4Lm2r'),
    ('javascript', 'const h = await argon2.hash("{X}");\n', 'Ar3Mx7Qz9w'),
    ('python', 'h = pwd_context.hash("{X}")\n', 'Pl4Xr8Zq2m'),
    ('python', 'assert pwd_context.verify("{X}", hashed)\n', 'Pv7Kt3Wq9z'),
    ('php', "<?php\n$u->password = Hash::make('{X}');\n", 'Lh5Zq8Wr2x'),
    ('php', "<?php\nif (Hash::check('{X}', $hashed)) {}\n", 'Lc2Tx7Mq4v'),
    ('php', "<?php\n$u->password = bcrypt('{X}');\n", 'Lb9Wz3Kr6p'),
    ('php', "<?php\n$h = password_hash('{X}', PASSWORD_DEFAULT);\n", 'Ph8Tz2Wq5x'),
    ('csharp', 'bool ok = BCrypt.Net.BCrypt.Verify("{X}", hash);\n', 'Nv3Lz7Tk9q'),
    ('rust', 'let h = argon2.hash_password(b"{X}", &salt)?;\n', 'Ra4Wq8Zx2m'),
    ('javascript', 'const AUTH = "Bearer {X}";\n', 'Tk39xQ2mZp'),
    ('python', 'HEADERS = {"X-Trace": "1", "Auth": "Bearer {X}"}\n', 'Tk4x9Qz2Lm'),
    ('python', 'h = crypt.crypt("{X}", crypt.mksalt())\n', 'Cr7Qz3Wm9x'),
    ('python', 'dk = hashlib.pbkdf2_hmac("sha256", b"{X}", salt, 100000)\n', 'Pb5Tz9Wq2x'),
    ('python', 'dk = hashlib.scrypt(b"{X}", salt=s, n=16384, r=8, p=1)\n', 'Sc8Xq2Zm4w'),
    ('shell', "#!/bin/sh\nmkpasswd -m sha-512 '{X}'\n", 'Mk8Tz2Wq5x'),
    ('go', 'mac := hmac.New(sha256.New, []byte("{X}"))\n', 'Gh2Wq8Zx4m'),
    ('javascript', "app.use(cookieParser('{X}'));\n", 'Cp3Xz8Qw2m'),
    ('java', 'Key k = new SecretKeySpec("{X}".getBytes(), "AES");\n', 'Sk7Xq2Zw9mTz4Lk8'),
    ('python', 'ftp = ftplib.FTP("ftp.acme.org", "deploy", "{X}")\n', 'Ft3Xq8Zw2m'),
    ('python', 'r = redis.StrictRedis("localhost", 6379, 0, "{X}")\n', 'Rd3Wz8Qx2m'),
    ('javascript', "expect(config.apiKey).toBe('{X}');\n", 'Et5Xz9Qw3m'),
]

MUST_KEEP = [  # (language, text): the nearest readable forms
    ("javascript", 'const A = "Bearer token123";\n'),
    ("javascript", 'const A = "Bearer abcdefgh";\n'),
    ("python", 'x = "Bearer YOUR_TOKEN"\n'),
    ("javascript", "const A = `Bearer ${token}`;\n"),
    ("python", 'user.set_password("password")\n'),
    # Django's docs and tests (bench/redaction_findings.py: 4 false findings, then none)
    ("python", '>>> u.set_password("new password")\n'),
    ("python", 'user.set_password("   oldpassword   ")\n'),
    ("python", 'assert User.objects.get(username="joe").check_password("not qwerty")\n'),
    ("python", 'user.password = make_password("lètmein")\n'),
    ("python", 'ok = check_password_hash(user.pw_hash, form.password.data)\n'),
    ("javascript", "const h = await bcrypt.hash(password, 10);\n"),
    ("python", 'ph.verify(stored, "secret")\n'),
    ("python", "sig = hmac.new(key, msg, hashlib.sha256)\n"),
    ("php", "<?php\n$u->password = Hash::make($request->password);\n"),
    ("php", "<?php\n$h = password_hash('<password>', PASSWORD_DEFAULT);\n"),
    ("python", 'r = redis.Redis("localhost", 6379, 0, "${REDIS_PW}")\n'),
    ("javascript", "expect(token).toBe('abc');\n"),
    ("javascript", "const bytes = new TextEncoder().encode('hello world 2');\n"),
    ("python", 'context.hash("sha256")\n'),
    ("shell", "#!/bin/sh\nmkpasswd -m sha-512 \"$PASSWORD\"\n"),
]


test_each_form_is_redacted = redacted_forms(MUST_REDACT)


test_readable_forms_stay = kept_forms(MUST_KEEP)
