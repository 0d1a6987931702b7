"""FAKE credentials for tests, assembled from pieces at run time.

None of these is, or ever was, a real credential: they only have the shape of one so that the
detectors fire. They are built from fragments so that no complete token sits in the repository
(secret scanners and push protection see fragments, not keys).
"""

from __future__ import annotations


def _j(*parts: str) -> str:
    return "".join(parts)


# Shaped like the real formats; the bodies are arbitrary characters.
AWS_ACCESS_KEY = _j("AK", "IA", "Q3EGRTZ7", "XK4MBN2P")
AWS_SECRET_KEY = _j("wJalrXUtnFEMI/", "K7MDENG/bPxRfi", "CYzQ9vB3kL2m")
GITHUB_TOKEN = _j("gh", "p_", "R8x2LmQ9vT4kW7nB3cY6", "zH1jF5sD0gAe2Kp9")
SLACK_TOKEN = _j("xo", "xb-", "2481632641-", "1234567890123-", "aBcDeFgHiJkLmNoPqRsTuVwX")
STRIPE_KEY = _j("sk", "_live_", "51HxT2pLkQ9v", "R8mN3bC7zX4w")
# Stripe's keys today run past the 24 characters detect-secrets' pattern reads after the prefix
STRIPE_KEY_LONG = _j("sk", "_live_", "51HxT2pLkQ9vR8mN3bC7zX4w", "Qa7Lm2Nb9Vc4Xz6Kp1Rt8Ws3",
                     "Yd5Fg0Hj2Kl7Zx4Cv9Bn6Mq1")
GOOGLE_API_KEY = _j("AI", "za", "SyD3x9K2mQ8vL7nB4cZ", "1wR6tY5uI0oPaSdF")
JWT = _j("eyJ", "hbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9", ".", "eyJ",
         "zdWIiOiJyZXBva2ItdGVzdCIsIm5hbWUiOiJGYWtlIn0", ".",
         "q9Zr2PvX7cL4mN8bT1wY6uK3sD5fG0hJ2aE7iO9pQ4x")
DB_PASSWORD = _j("Tr0ub4", "dor3xq", "Zk8")
YAML_PASSWORD = _j("Zq8#mW2", "!vLp9Rt")
PRIVATE_KEY = _j("-----BEGIN ", "RSA PRIVATE", " KEY-----\n",
                 "MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun\n",
                 "VTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxK\n",
                 "-----END ", "RSA PRIVATE", " KEY-----\n")
GCP_SERVICE_ACCOUNT = _j('{\n  "type": "service_account",\n  "project_id": "repokb-fake",\n',
                         '  "private_key": "', PRIVATE_KEY.replace("\n", "\\n"), '",\n',
                         '  "client_email": "fake@repokb-fake.iam.gserviceaccount.com"\n}\n')

ALL = {
    "aws_access_key": AWS_ACCESS_KEY, "aws_secret_key": AWS_SECRET_KEY,
    "github_token": GITHUB_TOKEN, "slack_token": SLACK_TOKEN, "stripe_key": STRIPE_KEY,
    "google_api_key": GOOGLE_API_KEY, "jwt": JWT, "db_password": DB_PASSWORD,
    "yaml_password": YAML_PASSWORD,
}
# The part of the private key that must never show: its body.
PRIVATE_KEY_BODY = "MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun"
