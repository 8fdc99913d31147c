# ERB corpus case: xinetd/templates/xinetd.conf.erb, with plausible variables.
class corpus_case {
  $banner = 'banner_value'
  $banner_fail = 'banner_fail_value'
  $banner_success = 'banner_success_value'
  $bind = 'bind_value'
  $confdir = 'confdir_value'
  $cps = 'cps_value'
  $disabled = 'disabled_value'
  $enabled = 'enabled_value'
  $env = 'env_value'
  $groups = 'groups_value'
  $instances = 'instances_value'
  $log_on_failure = 'log_on_failure_value'
  $log_on_success = 'log_on_success_value'
  $log_type = 'log_type_value'
  $max_load = 'max_load_value'
  $mdns = 'mdns_value'
  $no_access = 'no_access_value'
  $only_from = 'only_from_value'
  $passenv = 'passenv_value'
  $per_source = 'per_source_value'
  $umask = 'umask_value'
  $v6only = 'v6only_value'
  notice(template('xinetd/xinetd.conf.erb'))
}
include corpus_case
