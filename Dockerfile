# Trepenta Online server image (with the built web app). One image, any number of nodes.
FROM node:20-bookworm-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
RUN npx --yes pnpm@10.34.8 install --frozen-lockfile \
 && npx --yes pnpm@10.34.8 --filter @trepenta/web run build

FROM node:20-bookworm-slim
WORKDIR /app
COPY --from=build /app /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
# The server's Node options, as scripts/node-options.mjs gives them (a larger young generation).
ENV NODE_OPTIONS=--max-semi-space-size=64
EXPOSE 3000
HEALTHCHECK --interval=5s --timeout=3s --retries=3 CMD node -e "fetch('http://127.0.0.1:3000/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
