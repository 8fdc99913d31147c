# ERB corpus case: kmod/templates/redhat.modprobe.erb, with plausible variables.
class corpus_case {
  notice(template('kmod/redhat.modprobe.erb'))
}
include corpus_case
