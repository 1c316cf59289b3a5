# One image for both processes: `node apps/api/dist/main.js` or `node apps/worker/dist/main.js`.
FROM node:20-bookworm AS build
ENV ONNXRUNTIME_NODE_INSTALL=skip TURBO_TELEMETRY_DISABLED=1 CI=true
RUN npm install --global pnpm@10.34.9
WORKDIR /app
COPY . .
RUN pnpm install --frozen-lockfile && pnpm exec turbo run build --output-logs=errors-only \
  && pnpm prune --prod

FROM node:20-bookworm-slim
ENV NODE_ENV=production DOCENT_DATA_DIR=/var/lib/docent DOCENT_MODELS_DIR=/var/lib/docent-models
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /var/lib/docent /var/lib/docent-models && chown -R node:node /var/lib/docent /var/lib/docent-models
USER node
EXPOSE 8080
CMD ["node", "apps/api/dist/main.js"]
