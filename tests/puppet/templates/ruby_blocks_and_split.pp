# Ruby in templates: block scopes, lambdas, block parameter defaults,
# Hash#merge with a block, String#split's limits and empty matches.
$fact = inline_template(@(ERB))
<%- fact = lambda do |n|
      acc = n
      return 1 if n <= 1
      acc * fact.call(n - 1)
    end -%>
<%= fact.call(5) %>
<%- walk = lambda do |h, depth = 0, tag|
      out = []
      h.keys.sort.each do |k|
        v = h[k]
        out << (v.is_a?(Hash) ? "#{k}{#{walk.call(v, depth + 1, tag)}}" : "#{tag}#{k}=#{v}@#{depth}")
      end
      out.join(',')
    end -%>
<%= walk.call({'b' => 1, 'a' => {'c' => 2, 'd' => {'e' => 3}}}, '+') %>
<%= [[1], [2, 3]].map { |a, b = 'x'| "#{a}#{b}" }.join(' ') %>
<%= {'a' => [1], 'b' => 2}.merge({'a' => [3], 'c' => 4}) { |k, o, n| o + n }.inspect %>
<%= {'a' => nil, 'b' => 2}.compact.inspect %> <%= {'a' => 1}.to_h { |k, v| ['p' + k, v * 2] }.inspect %>
<%= ['abc'.split(//, -1), 'a,b,,'.split(/,/, -1), 'a1b2c'.split(/(\d)/), ' a  b c '.split(' ', 2)].inspect %>
<%= ['aXbXc'.split('X', 2), ''.split(','), 'abc'.split('', 2), 'a,b'.split(/x*/), 'a b '.split(' ', -1)].inspect %>
<%= ((1 * 3).to_s << 'x' << 'y') %>
| ERB
notice($fact)
