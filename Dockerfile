# syntax=docker/dockerfile:1
# Build stage: install everything from the lock, compile TypeScript to dist/ (type-checked: tsc).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY tsconfig.json tsconfig.build.json tsconfig.explorer.json ./
COPY scripts ./scripts
COPY proto ./proto
COPY src ./src
COPY contracts ./contracts
RUN npm run build

# Runtime stage: production dependencies only (the anvil binary ships in @foundry-rs/anvil-linux-*).
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production SWITCHYARD_HOST=0.0.0.0
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY proto ./proto
EXPOSE 8080 50051
# A young generation of up to 64 MiB a semi-space: a head's re-quotes fit in it between two idle collections.
CMD ["node", "--max-semi-space-size=64", "dist/main.js"]
