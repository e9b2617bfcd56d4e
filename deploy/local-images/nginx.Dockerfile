# Stand-in for nginx:stable-bookworm (scripts/docker-check.mjs): Debian 12's nginx, reading
# /etc/nginx/conf.d/*.conf as the official image does, in the foreground.
ARG DEBIAN_IMAGE=phap-bao-local/debian:bookworm
FROM ${DEBIAN_IMAGE}
RUN apt-get update \
  && apt-get install -y --no-install-recommends nginx-light \
  && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/default \
  && ln -sf /dev/stdout /var/log/nginx/access.log && ln -sf /dev/stderr /var/log/nginx/error.log
EXPOSE 80
STOPSIGNAL SIGQUIT
CMD ["nginx", "-g", "daemon off;"]
