# ERB corpus case: ssh/templates/sshd_config.erb, with plausible variables.
class corpus_case {
  notice(template('ssh/sshd_config.erb'))
}
include corpus_case
