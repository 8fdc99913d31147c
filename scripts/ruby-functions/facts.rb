# frozen_string_literal: true

# The facts of the node every recorded call is compiled for: a small Debian
# 12 host with one network interface, enough for the functions that read
# facts (os_version_gte, has_interface_with, fqdn_rand_string, ...) to answer
# the same on every machine.
module RecordFacts
  FQDN = 'confer.example.com'

  NETWORKING = {
    'domain' => 'example.com',
    'fqdn' => FQDN,
    'hostname' => 'confer',
    'ip' => '10.0.0.10',
    'ip6' => 'fd00::10',
    'mac' => '02:00:0a:00:00:0a',
    'mtu' => 1500,
    'netmask' => '255.255.255.0',
    'netmask6' => 'ffff:ffff:ffff:ffff::',
    'network' => '10.0.0.0',
    'network6' => 'fd00::',
    'primary' => 'eth0',
    'interfaces' => {
      'eth0' => {
        'bindings' => [{ 'address' => '10.0.0.10', 'netmask' => '255.255.255.0', 'network' => '10.0.0.0' }],
        'bindings6' => [{ 'address' => 'fd00::10', 'netmask' => 'ffff:ffff:ffff:ffff::', 'network' => 'fd00::' }],
        'ip' => '10.0.0.10', 'ip6' => 'fd00::10', 'mac' => '02:00:0a:00:00:0a', 'mtu' => 1500,
        'netmask' => '255.255.255.0', 'netmask6' => 'ffff:ffff:ffff:ffff::',
        'network' => '10.0.0.0', 'network6' => 'fd00::'
      },
      'lo' => {
        'bindings' => [{ 'address' => '127.0.0.1', 'netmask' => '255.0.0.0', 'network' => '127.0.0.0' }],
        'bindings6' => [{ 'address' => '::1', 'netmask' => 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'network' => '::1' }],
        'ip' => '127.0.0.1', 'ip6' => '::1', 'mtu' => 65_536,
        'netmask' => '255.0.0.0', 'netmask6' => 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
        'network' => '127.0.0.0', 'network6' => '::1'
      }
    }
  }.freeze

  FACTS = {
    'architecture' => 'amd64',
    'domain' => 'example.com',
    'fqdn' => FQDN,
    'hardwaremodel' => 'x86_64',
    'hostname' => 'confer',
    'id' => 'root',
    'interfaces' => 'eth0,lo',
    'ipaddress' => '10.0.0.10',
    'ipaddress6' => 'fd00::10',
    'ipaddress_eth0' => '10.0.0.10',
    'ipaddress_lo' => '127.0.0.1',
    'is_pe' => false,
    'is_virtual' => true,
    'kernel' => 'Linux',
    'kernelmajversion' => '6.1',
    'kernelrelease' => '6.1.0-18-amd64',
    'kernelversion' => '6.1.0',
    'macaddress' => '02:00:0a:00:00:0a',
    'macaddress_eth0' => '02:00:0a:00:00:0a',
    'netmask' => '255.255.255.0',
    'netmask_eth0' => '255.255.255.0',
    'netmask_lo' => '255.0.0.0',
    'network' => '10.0.0.0',
    'network_eth0' => '10.0.0.0',
    'network_lo' => '127.0.0.0',
    'networking' => NETWORKING,
    'operatingsystem' => 'Debian',
    'operatingsystemmajrelease' => '12',
    'operatingsystemrelease' => '12.5',
    'os' => {
      'architecture' => 'amd64',
      'distro' => { 'codename' => 'bookworm', 'description' => 'Debian GNU/Linux 12 (bookworm)', 'id' => 'Debian',
                    'release' => { 'full' => '12.5', 'major' => '12', 'minor' => '5' } },
      'family' => 'Debian',
      'hardware' => 'x86_64',
      'name' => 'Debian',
      'release' => { 'full' => '12.5', 'major' => '12', 'minor' => '5' },
      'selinux' => { 'enabled' => false }
    },
    'osfamily' => 'Debian',
    'path' => '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    'processorcount' => 2,
    'processors' => { 'count' => 2, 'physicalcount' => 1 },
    'memory' => { 'system' => { 'total_bytes' => 4_294_967_296, 'total' => '4.00 GiB' } },
    'memorysize' => '4.00 GiB',
    'memorysize_mb' => 4096.0,
    'service_provider' => 'systemd',
    'timezone' => 'UTC',
    'virtual' => 'kvm'
  }.freeze
end
