#!/usr/bin/env python3
"""Picks releases of public Puppet modules from bare git mirrors of their repositories.

    scripts/module-releases.py pick GITDIR
    scripts/module-releases.py resolve LIST

`pick` prints the newest release tag (vX.Y.Z or X.Y.Z) of GITDIR whose metadata.json
`requirements` for puppet (or openvox) accept some Puppet 7, that is whose range meets
[7.0.0, 8.0.0); nothing when no tag does.

`resolve` reads LIST (one repository a line, `owner/name [tag]`, `#` starts a comment),
adds every module their metadata.json `dependencies` name, transitively, and prints one
release a line, tab-separated: module, repo, tag, commit, license, and the modules
that depend on it (`-` for a module LIST names and none depends on). For each module
it takes the newest Puppet-7 release that satisfies the version ranges of all the
chosen modules that depend on it; when none satisfies all, the one that satisfies
most, with a `#` comment line saying which ranges conflict (as it does for a module
with no Puppet-7 release, or a dependency whose name another module already holds).
A tag in LIST pins that module. A repository's mirror is /work/.mirror/<owner>+<name>/repo
(where the project's `fetch` tool puts it; MIRRORS overrides /work/.mirror); missing
mirrors are listed on stderr as `fetch github:owner/name` and the exit status is 3.

Version ranges are read as Puppet's SemanticPuppet::VersionRange reads them: `||`
alternatives of a hyphen range `A - B` or of space-separated comparisons (`>=`, `>`,
`<=`, `<`, `=`, `~`, `^`, and partial versions such as `1.x`).
"""

import json
import os
import re
import subprocess
import sys

MIRRORS = os.environ.get("MIRRORS", "/work/.mirror")
INFINITY = (10**9, 0, 0)
PUPPET_7 = [((7, 0, 0), (8, 0, 0))]

# Forge namespaces whose GitHub repositories are not `<namespace>/puppet-<name>`.
OWNERS = {"puppet": "voxpupuli", "herculesteam": "voxpupuli", "icinga": "Icinga"}
REPOSITORIES = {"puppetlabs/pwshlib": "puppetlabs/ruby-pwsh"}


def git(gitdir, *args):
    return subprocess.run(["git", "-C", gitdir, *args], capture_output=True, text=True).stdout


def version(tag):
    m = re.fullmatch(r"v?(\d+)\.(\d+)\.(\d+)", tag)
    # 999.x tags are placeholders some repositories keep for an older module name.
    return tuple(map(int, m.groups())) if m and int(m.group(1)) < 999 else None


def bump(v, at):
    """The first version after every version that starts with v's first `at` parts."""
    if at == 0:
        return INFINITY
    return tuple(list(v[: at - 1]) + [v[at - 1] + 1] + [0] * (3 - at))


def partial(text):
    """A partial version: its three parts (x and missing parts as 0) and how many are given."""
    parts = []
    for p in re.sub(r"[-+].*", "", text).split("."):
        if p in ("x", "X", "*") or not p.isdigit():
            break
        parts.append(int(p))
    return tuple(parts + [0] * (3 - len(parts))), len(parts)


def comparison(op, text):
    """The interval [low, high) of one comparison."""
    v, n = partial(text)
    if op in ("~", "~>", "~="):
        return v, bump(v, max(n - 1, 1) if n == 3 else max(n, 1))
    if op == "^":
        first = next((i for i, p in enumerate(v[:n]) if p), n - 1 if n else 0)
        return v, bump(v, first + 1)
    if op == ">=":
        return v, INFINITY
    if op == ">":
        return (bump(v, n), INFINITY) if n < 3 else (v[:2] + (v[2] + 1,), INFINITY)
    if op == "<":
        return (0, 0, 0), v
    if op == "<=":
        return (0, 0, 0), bump(v, n)
    return v, bump(v, n)


def version_range(requirement):
    """The intervals [low, high) a version requirement accepts."""
    requirement = re.sub(r"([><=~^])(?:\s+|\s*v)", r"\1", requirement.strip())
    intervals = []
    for alternative in re.split(r"\s*\|\|\s*", requirement):
        hyphen = re.fullmatch(r"(\S+)\s+-\s+(\S+)", alternative)
        if hyphen:
            low, _ = partial(hyphen.group(1))
            high, n = partial(hyphen.group(2))
            intervals.append((low, bump(high, n)))
            continue
        low, high = (0, 0, 0), INFINITY
        for simple in alternative.split():
            m = re.fullmatch(r"(<=|>=|~>|~=|[<>=~^])?(.+)", simple)
            lo, hi = comparison(m.group(1), m.group(2))
            low, high = max(low, lo), min(high, hi)
        intervals.append((low, high))
    return intervals


def satisfies(v, requirement):
    return any(low <= v < high for low, high in version_range(requirement))


def meets(requirement, intervals):
    """Whether some version the requirement accepts lies in one of the intervals."""
    return any(
        max(low, lo) < min(high, hi) for low, high in version_range(requirement) for lo, hi in intervals
    )


def metadata(gitdir, tag):
    try:
        return json.loads(git(gitdir, "show", f"{tag}:metadata.json"))
    except ValueError:
        return None


def accepts_7(meta):
    ranges = [r.get("version_requirement", "") for r in meta.get("requirements", [])
              if r.get("name") in ("puppet", "openvox")]
    return any(meets(r, PUPPET_7) for r in ranges)


def releases(gitdir):
    """The release tags of a mirror with their metadata, newest first."""
    tags = sorted((t for t in git(gitdir, "tag").split() if version(t)), key=version, reverse=True)
    return [(t, m) for t in tags if (m := metadata(gitdir, t)) is not None]


def pick(gitdir):
    return next((tag for tag, meta in releases(gitdir) if accepts_7(meta)), None)


def short_name(full):
    """A Forge module's name as the modulepath knows it: `puppetlabs-stdlib` -> `stdlib`."""
    return re.split(r"[-/]", full, maxsplit=1)[-1]


def repository(full):
    """The GitHub repository of a Forge module named `namespace/name` or `namespace-name`."""
    namespace, name = re.split(r"[-/]", full.lower(), maxsplit=1)
    if f"{namespace}/{name}" in REPOSITORIES:
        return REPOSITORIES[f"{namespace}/{name}"]
    owner = OWNERS.get(namespace, namespace)
    return f"{owner}/{namespace}-{name}" if namespace == "puppetlabs" else f"{owner}/puppet-{name}"


def gitdir_of(repo):
    return os.path.join(MIRRORS, repo.replace("/", "+"), "repo")


def resolve(listed):
    """Chooses a release for every listed module and its dependencies.

    `listed` maps a repository to its pinned tag (or None). Returns (chosen, notes,
    missing): chosen maps a module to (repo, tag, metadata, dependents)."""
    cache, missing = {}, set()

    def known(repo):
        if repo not in cache:
            gitdir = gitdir_of(repo)
            cache[repo] = releases(gitdir) if os.path.isdir(gitdir) else None
            if cache[repo] is None:
                missing.add(repo)
        return cache[repo]

    roots = {}
    for repo in listed:
        if known(repo):
            roots[short_name(known(repo)[0][1]["name"])] = repo
    chosen, notes = {}, []
    for _ in range(20):
        # The ranges each chosen module puts on its dependencies.
        wanted, notes = {}, []
        for module, (repo, _, meta, _) in sorted(chosen.items()):
            for dep in meta.get("dependencies", []):
                name, dep_repo = short_name(dep["name"]), repository(dep["name"])
                held = roots.get(name) or (chosen[name][0] if name in chosen else dep_repo)
                if held.lower() != dep_repo.lower():
                    notes.append(f"{module} depends on {dep['name']}, but {name} is {held}: not taken")
                    continue
                wanted.setdefault(name, (held, []))[1].append((module, dep.get("version_requirement", ">= 0.0.0")))
        for name, repo in roots.items():
            wanted.setdefault(name, (repo, []))
        new = {}
        for name, (repo, ranges) in sorted(wanted.items()):
            tags = known(repo)
            if not tags:
                continue
            dependents = ",".join(m for m, _ in ranges) or "-"
            pinned = listed.get(repo)
            if pinned:
                tag, meta = next((t, m) for t, m in tags if t == pinned)
                new[name] = (repo, tag, meta, dependents)
                continue
            puppet_7 = [(t, m) for t, m in tags if accepts_7(m)]
            if not puppet_7:
                notes.append(f"{name}: no release of {repo} accepts Puppet 7; taking from all its releases")
                puppet_7 = tags

            def score(release):
                return sum(satisfies(version(release[0]), r) for _, r in ranges)

            best = max(puppet_7, key=score)  # max keeps the first (newest) of equal scores
            if score(best) < len(ranges):
                refused = "; ".join(f"{m} wants {r}" for m, r in ranges if not satisfies(version(best[0]), r))
                notes.append(f"{name}: no Puppet-7 release satisfies every dependent; {best[0]} refuses: {refused}")
            new[name] = (repo, best[0], best[1], dependents)
        if {k: v[:2] for k, v in new.items()} == {k: v[:2] for k, v in chosen.items()}:
            chosen = new
            break
        chosen = new
    else:
        notes.append("the choice did not settle after 20 rounds")
    return chosen, notes, missing


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "pick":
        tag = pick(sys.argv[2])
        if tag:
            print(tag)
        return 0
    if len(sys.argv) == 3 and sys.argv[1] == "resolve":
        listed = {}
        with open(sys.argv[2]) as f:
            for line in f:
                fields = line.split("#", 1)[0].split()
                if fields:
                    listed[fields[0]] = fields[1] if len(fields) > 1 else None
        chosen, notes, missing = resolve(listed)
        for repo in sorted(missing):
            print(f"fetch github:{repo}", file=sys.stderr)
        for note in dict.fromkeys(notes):
            print(f"# {note}")
        for name, (repo, tag, meta, dependents) in sorted(chosen.items()):
            commit = git(gitdir_of(repo), "rev-parse", f"{tag}^{{commit}}").strip()
            print("\t".join([name, repo, tag, commit, meta.get("license") or "unknown", dependents]))
        return 3 if missing else 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
