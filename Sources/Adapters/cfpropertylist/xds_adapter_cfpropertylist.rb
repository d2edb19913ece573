#!/usr/bin/env ruby
# Sources/Adapters/cfpropertylist/xds_adapter_cfpropertylist.rb - CFPropertyList (Debian ruby-cfpropertylist) behind the adapter protocol
#
# decode = CFPropertyList::List.new(data: bytes).value (format detection as the library does it), printed from the
# library's own CFType tree; encode = a CFType tree, List#to_str(FORMAT_BINARY). Rejections: CFPlistError and its
# CFFormatError / CFTypeError, the errors the library raises on purpose. Any other exception escaping the
# library (NoMethodError, TypeError, ...) is a crash (exit 70), and so are SystemStackError and NoMemoryError.
# Values as the library returns them: null comes back as the bare Integer 0, a set as nil, strings as the raw
# bytes of the file (shown as text when they are valid UTF-8; otherwise tagged JSON cannot express them).
# Printing stops after 1,000,000 nodes: {"type":"too-large","value":"N"}, exit 0; a value tagged JSON cannot
# carry (a key that is not a string, a string that is not UTF-8, an object of a class with no tagged form) is
# {"type":"unrepresentable","value":"REASON"}, exit 0.
#
#   ruby xds_adapter_cfpropertylist.rb decode|encode|capabilities|version   (exit 0 accepted, 1 rejected, 64 usage)

require 'base64'
require 'json'
require 'stringio'
require 'cfpropertylist'

NODE_BOUND = 1_000_000
APPLE_EPOCH = 978_307_200

class TooLarge < StandardError
  attr_reader :nodes
  def initialize(nodes)
    super("too large")
    @nodes = nodes
  end
end

class Unexpressible < StandardError; end

def leaf(kind, text)
  JSON.generate({ 'type' => kind, 'value' => text })
end

def real_text(number)
  return 'nan' if number.nan?
  return (number > 0 ? 'inf' : '-inf') if number.infinite?
  number.to_s
end

# Exact decimal text of a non-negative Rational below 1 with a power-of-two (or 10) denominator; "" for 0.
def fraction_digits(fraction)
  digits = +''
  while fraction != 0 && digits.length < 60
    fraction *= 10
    digit = fraction.floor
    digits << digit.to_s
    fraction -= digit
  end
  digits
end

def date_text(time)
  utc = time.getutc
  return real_text((time.to_r - APPLE_EPOCH).to_f) unless (1..9999).cover?(utc.year)
  text = format('%04d-%02d-%02dT%02d:%02d:%02d', utc.year, utc.month, utc.day, utc.hour, utc.min, utc.sec)
  digits = fraction_digits(utc.subsec.to_r)
  text << '.' << digits unless digits.empty?
  text + 'Z'
end

def text_of(raw, what)
  text = raw.dup.force_encoding('UTF-8')
  raise Unexpressible, "#{what} that is not valid UTF-8" unless text.valid_encoding?
  text
end

# One node of the library's value: [:leaf, text] | [:array, items] | [:set, items] | [:dict, pairs].
def classify(value)
  case value
  when CFPropertyList::CFString then [:leaf, leaf('string', text_of(value.value, 'a string'))]
  when CFPropertyList::CFBoolean then [:leaf, leaf('bool', value.value ? 'true' : 'false')]
  when CFPropertyList::CFUid then [:leaf, leaf('uid', value.value.to_s)]
  when CFPropertyList::CFInteger then [:leaf, leaf('integer', value.value.to_s)]
  when CFPropertyList::CFReal then [:leaf, leaf('real', real_text(value.value))]
  when CFPropertyList::CFDate then [:leaf, leaf('date', date_text(value.value))]
  when CFPropertyList::CFData then [:leaf, leaf('data', Base64.strict_encode64(value.decoded_value))]
  when CFPropertyList::CFArray then [:array, value.value]
  when CFPropertyList::CFDictionary then [:dict, value.value.to_a]
  when Integer then [:leaf, leaf('integer', value.to_s)] # the library's bare value for null and fill bytes
  when nil then [:leaf, leaf('null', '')] # the library's value for a set
  else raise Unexpressible, "a value of class #{value.class}"
  end
end

def tagged_text(root)
  out = +''
  nodes = 0
  stack = [[:value, root]]
  until stack.empty?
    kind, item = stack.pop
    if kind == :text
      out << item
      next
    end
    nodes += 1
    raise TooLarge, nodes if nodes > NODE_BOUND
    node = classify(item)
    case node[0]
    when :leaf
      out << node[1]
    when :array
      out << '['
      pending = []
      node[1].each_with_index do |element, index|
        pending << [:text, ','] if index.positive?
        pending << [:value, element]
      end
      pending << [:text, ']']
      stack.concat(pending.reverse)
    when :dict
      out << '{'
      pending = []
      node[1].each_with_index do |(key, element), index|
        raise Unexpressible, "a dictionary key of class #{key.class}" unless key.is_a?(String)
        pending << [:text, (index.positive? ? ',' : '') + JSON.generate(text_of(key, 'a key')) + ':']
        pending << [:value, element]
      end
      pending << [:text, '}']
      stack.concat(pending.reverse)
    end
  end
  out
end

def parse_date(text)
  match = /\A(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?Z\z/.match(text)
  raise ArgumentError, "bad date #{text}" unless match
  fraction = match[7] ? Rational(match[7].to_i, 10**match[7].length) : 0
  Time.utc(match[1].to_i, match[2].to_i, match[3].to_i, match[4].to_i, match[5].to_i, match[6].to_i) + fraction
end

def cftype(node)
  return CFPropertyList::CFArray.new(node.map { |item| cftype(item) }) if node.is_a?(Array)
  raise ArgumentError, 'not tagged JSON' unless node.is_a?(Hash)
  if node.keys.sort == %w[type value] && node['type'].is_a?(String)
    text = node['value']
    case node['type']
    when 'string' then return CFPropertyList::CFString.new(text)
    when 'integer' then return CFPropertyList::CFInteger.new(Integer(text, 10))
    when 'real'
      number = { 'nan' => Float::NAN, 'inf' => Float::INFINITY, '-inf' => -Float::INFINITY }[text] || Float(text)
      return CFPropertyList::CFReal.new(number)
    when 'bool' then return CFPropertyList::CFBoolean.new(text == 'true')
    when 'date' then return CFPropertyList::CFDate.new(parse_date(text))
    when 'data' then return CFPropertyList::CFData.new(Base64.strict_decode64(text), CFPropertyList::CFData::DATA_RAW)
    when 'uid' then return CFPropertyList::CFUid.new(Integer(text, 10))
    else raise ArgumentError, "CFPropertyList has no value for #{node['type']}"
    end
  end
  CFPropertyList::CFDictionary.new(node.to_h { |key, item| [key, cftype(item)] })
end

def run(argv)
  case argv
  when ['capabilities'] then $stdout.write(%(["decode", "encode", "serve"]\n))
  when ['version']
    spec = Gem::Specification.find_all_by_name('CFPropertyList').first
    $stdout.write("CFPropertyList #{spec ? spec.version : 'unknown'} (Ruby #{RUBY_VERSION})\n")
  when ['decode']
    data = $stdin.binmode.read
    value = begin
      CFPropertyList::List.new(data: data).value
    rescue CFPlistError => e
      warn "rejected: #{e.class}: #{e.message}"
      return 1
    end
    text = begin
      tagged_text(value)
    rescue TooLarge => e
      warn "accepted; the value has more than #{NODE_BOUND} nodes"
      JSON.generate({ 'type' => 'too-large', 'value' => e.nodes.to_s })
    rescue Unexpressible => e
      warn "accepted, with #{e.message} (tagged JSON cannot express it)"
      leaf('unrepresentable', "CFPropertyList returned #{e.message}")
    end
    $stdout.binmode.write(text)
  when ['encode']
    tree = begin
      cftype(JSON.parse($stdin.read))
    rescue ArgumentError, JSON::ParserError => e
      warn "rejected: the library has no value for this input: #{e.message}"
      return 1
    end
    list = CFPropertyList::List.new
    list.value = tree
    begin
      $stdout.binmode.write(list.to_str(CFPropertyList::List::FORMAT_BINARY))
    rescue CFPlistError => e
      warn "rejected: #{e.class}: #{e.message}"
      return 1
    end
  else
    warn "usage error: unknown call or arguments: #{argv.inspect}"
    return 64
  end
  0
rescue SystemStackError => e
  warn "policy: recursion-limit"
  warn "crash: stack exhausted (#{e.class})"
  70
rescue NoMemoryError => e
  warn "crash: out of memory (#{e.class})"
  70
rescue StandardError => e
  warn "policy: undocumented-exception #{e.class}"
  warn "crash: undocumented exception #{e.class}: #{e.message}"
  70
end

# CMD serve (Docs/conformance.md, "The persistent mode"): each framed call runs run() with $stdin, $stdout and
# $stderr replaced; exit 0 and 1 answer accepted and rejected, any other status ends the server with that status
# (its standard error written first), as a process of its own would have ended.
def serve
  requests = $stdin.binmode
  responses = $stdout.binmode
  errors = $stderr
  loop do
    head = requests.read(4)
    return 0 if head.nil? || head.empty?
    return 74 if head.bytesize != 4
    header = requests.read(head.unpack1('N')) || ''
    size = requests.read(4)
    return 74 if size.nil? || size.bytesize != 4
    payload = requests.read(size.unpack1('N')) || ''
    out = StringIO.new(+''.b)
    err = StringIO.new(+''.b)
    $stdin, $stdout, $stderr = StringIO.new(payload), out, err
    begin
      status = run(header.split("\0"))
    ensure
      $stdin, $stdout, $stderr = requests, responses, errors
    end
    unless [0, 1].include?(status)
      errors.write(err.string)
      errors.flush
      return status
    end
    answer = (status.zero? ? 'accepted' : 'rejected').b
    answer << "\0".b << err.string.b unless err.string.empty?
    responses.write([answer.bytesize].pack('N'), answer, [out.string.bytesize].pack('N'), out.string.b)
    responses.flush
  end
end

exit(ARGV == ['serve'] ? serve : run(ARGV))
