# ERB corpus case: apache/templates/vhost/_jk_mounts.erb, with plausible variables.
class corpus_case {
  $jk_mounts = ['jk_mounts_a', 'jk_mounts_b']
  notice(template('apache/vhost/_jk_mounts.erb'))
}
include corpus_case
