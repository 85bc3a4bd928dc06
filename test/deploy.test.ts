import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseAllDocuments } from 'yaml'
import { describe, expect, it } from 'vitest'

// The deploy/ manifests are not applied in CI (no cluster); this parses them with a real YAML parser
// (`yaml`, already in node_modules through our dev dependencies) and checks the parts that wire the
// replicas together: the Redis URL, the health probes, the HPA target and the compose topology.
const root = new URL('../deploy/', import.meta.url).pathname
type Doc = Record<string, any>

function load(path: string): Doc[] {
  // merge: the compose file's `<<: *switchyard` (YAML 1.1 merge keys, which compose supports).
  return parseAllDocuments(readFileSync(path, 'utf8'), { merge: true }).map((d) => {
    expect(d.errors, path).toEqual([])
    return d.toJS() as Doc
  })
}

describe('deploy/k8s', () => {
  const files = readdirSync(join(root, 'k8s')).filter((f) => f.endsWith('.yaml'))
  const docs = files.flatMap((f) => load(join(root, 'k8s', f)))
  const of = (kind: string, name: string) => docs.find((d) => d.kind === kind && d.metadata?.name === name)

  it('parses, and every document has apiVersion, kind and a name', () => {
    expect(files.length).toBeGreaterThanOrEqual(6)
    for (const d of docs) {
      expect(typeof d.apiVersion).toBe('string')
      expect(typeof d.kind).toBe('string')
      if (d.kind !== 'Kustomization') expect(typeof d.metadata?.name).toBe('string')
    }
    const kustomization = docs.find((d) => d.kind === 'Kustomization')!
    expect(new Set(kustomization.resources)).toEqual(new Set(files.filter((f) => f !== 'kustomization.yaml')))
  })

  it('runs switchyard on the shared Redis with gRPC health probes, behind a Service and an HPA', () => {
    const config = of('ConfigMap', 'switchyard')!
    expect(config.data.SWITCHYARD_REDIS_URL).toBe('redis://switchyard-redis:6379')
    const deployment = of('Deployment', 'switchyard')!
    const container = deployment.spec.template.spec.containers[0]
    expect(container.envFrom).toContainEqual({ configMapRef: { name: 'switchyard' } })
    expect(container.readinessProbe.grpc.port).toBe(50051)
    expect(container.livenessProbe).toBeDefined()
    expect(deployment.spec.selector.matchLabels).toEqual(deployment.spec.template.metadata.labels)
    const service = of('Service', 'switchyard')!
    expect(service.spec.selector).toEqual(deployment.spec.template.metadata.labels)
    const hpa = of('HorizontalPodAutoscaler', 'switchyard')!
    expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'switchyard' })
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2)
    const redis = of('Deployment', 'switchyard-redis')!
    expect(of('Service', 'switchyard-redis')!.spec.selector).toEqual(redis.spec.template.metadata.labels)
    expect(of('Service', 'switchyard-redis')!.spec.ports[0].port).toBe(6379)
  })
})

describe('deploy/docker-compose.yml', () => {
  it('runs two switchyard replicas on one Redis and one anvil fork', () => {
    const [compose] = load(join(root, 'docker-compose.yml'))
    const services = compose!.services as Record<string, Doc>
    const replicas = Object.entries(services).filter(([name]) => name.startsWith('switchyard-'))
    expect(replicas.length).toBe(2)
    for (const [, s] of replicas) {
      expect(s.environment.SWITCHYARD_RPC_1).toBe('http://anvil:8545')
      expect(s.environment.SWITCHYARD_REDIS_URL).toBe('redis://redis:6379')
    }
    expect(services.anvil!.command).toContain('${FORK_URL:?set FORK_URL}')
    expect(services.anvil!.command).toContain('--fork-url')
    expect(services.redis!.image).toMatch(/^redis:/)
  })
})
