#!/bin/sh
build_image() {
  docker build -t "shop:$1" --build-arg VERSION="$1" .
}
rotate_logs() {
  find /var/log/shop -name '*.log' -mtime +7 -exec gzip {} \;
  find /var/log/shop -name '*.gz' -mtime +30 -delete
}
wait_for_health() {
  for i in $(seq 1 30); do curl -fs http://localhost:8080/health && return 0; sleep 2; done
  return 1
}
