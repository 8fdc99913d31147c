# ERB corpus case: monit/templates/conf_file.erb, with plausible variables.
class corpus_case {
  $conf_dir = 'conf_dir_value'
  notice(template('monit/conf_file.erb'))
}
include corpus_case
