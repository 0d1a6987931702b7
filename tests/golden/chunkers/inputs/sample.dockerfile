# syntax=docker/dockerfile:1.7
# Inventory service: Python wheels built once, a slim runtime, a test stage for CI.
ARG PYTHON_VERSION=3.12

# Build the wheels of the app and its dependencies.
FROM python:${PYTHON_VERSION}-slim AS wheels
WORKDIR /src
RUN apt-get update \
 && apt-get install -y --no-install-recommends build-essential libpq-dev \
 && rm -rf /var/lib/apt/lists/*
COPY pyproject.toml README.md ./
COPY src/ src/
RUN pip wheel --no-cache-dir --wheel-dir /wheels .

FROM wheels AS test
COPY tests/ tests/
RUN pip install --no-cache-dir /wheels/*.whl pytest && pytest -q tests

FROM python:${PYTHON_VERSION}-slim
RUN <<EOF
groupadd --system app
useradd --system --gid app --home /app app
FROM is not an instruction inside a heredoc
EOF
COPY --from=wheels /wheels /wheels
RUN pip install --no-cache-dir /wheels/*.whl && rm -rf /wheels
USER app
EXPOSE 8000
ENTRYPOINT ["gunicorn", "inventory.wsgi:application", "--bind", "0.0.0.0:8000"]
