# ERB corpus case: postgresql/templates/systemd-override.erb, with plausible variables.
class corpus_case {
  $datadir = 'datadir_value'
  $extra_systemd_config = 'extra_systemd_config_value'
  $port = 'port_value'
  $service_name = 'service_name_value'
  notice(template('postgresql/systemd-override.erb'))
}
include corpus_case
