import { Controller, Param } from '@nestjs/common';
import { BodyLimit, CurrentOwner, Endpoint, MB, Owner, ValidBody, ValidQuery, ZodPipe } from '@sniff/service-kit';
import {
  registryEndpoints as api,
  remoteNameSchema,
  remoteVersionSchema,
  type PublishRemoteRequest,
  type ShellOffer,
} from '@sniff/contracts';
import { RegistryService } from './registry.service';

const RemoteParam = () => Param('remote', new ZodPipe(remoteNameSchema));
const VersionParam = () => Param('version', new ZodPipe(remoteVersionSchema));

/** The operator API (REGISTRY_OPERATORS only): publish builds, switch, canary and roll back. */
@Controller()
export class OperatorController {
  constructor(private readonly registry: RegistryService) {}

  @Endpoint(api.listRemotes)
  list(@CurrentOwner() owner: Owner) {
    this.registry.operator(owner);
    return this.registry.list();
  }

  // A build is a few megabytes of files, base64-encoded in JSON.
  @Endpoint(api.publishVersion)
  @BodyLimit(40 * MB, 'A build may hold at most about 24 MB of files')
  publish(
    @CurrentOwner() owner: Owner,
    @RemoteParam() remote: string,
    @VersionParam() version: string,
    @ValidBody(api.publishVersion.body) body: PublishRemoteRequest,
  ) {
    return this.registry.publish(this.registry.operator(owner), remote, version, body.files);
  }

  @Endpoint(api.switchLive)
  live(
    @CurrentOwner() owner: Owner,
    @RemoteParam() remote: string,
    @ValidBody(api.switchLive.body) body: { version: string },
  ) {
    return this.registry.switchLive(this.registry.operator(owner), remote, body.version);
  }

  @Endpoint(api.retire)
  retire(@CurrentOwner() owner: Owner, @RemoteParam() remote: string) {
    return this.registry.retire(this.registry.operator(owner), remote);
  }

  @Endpoint(api.startCanary)
  canary(
    @CurrentOwner() owner: Owner,
    @RemoteParam() remote: string,
    @ValidBody(api.startCanary.body) body: { version: string; percent: number },
  ) {
    return this.registry.startCanary(this.registry.operator(owner), remote, body.version, body.percent);
  }

  @Endpoint(api.endCanary)
  endCanary(@CurrentOwner() owner: Owner, @RemoteParam() remote: string) {
    return this.registry.endCanary(this.registry.operator(owner), remote);
  }

  @Endpoint(api.rollBack)
  rollBack(@CurrentOwner() owner: Owner, @RemoteParam() remote: string) {
    return this.registry.rollBack(this.registry.operator(owner), remote);
  }

  @Endpoint(api.publishShell)
  shell(@CurrentOwner() owner: Owner, @ValidBody(api.publishShell.body) body: ShellOffer) {
    return this.registry.publishShell(this.registry.operator(owner), body);
  }
}

/** What the gateways read: the manifest (polled) and a build's files (kept: they never change). */
@Controller()
export class GatewayController {
  constructor(private readonly registry: RegistryService) {}

  @Endpoint(api.manifest)
  manifest() {
    return this.registry.manifest();
  }

  @Endpoint(api.file)
  file(
    @RemoteParam() remote: string,
    @VersionParam() version: string,
    @ValidQuery(api.file.query) q: { path: string },
  ) {
    return this.registry.file(remote, version, q.path);
  }
}
