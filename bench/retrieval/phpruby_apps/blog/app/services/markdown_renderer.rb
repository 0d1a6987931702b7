module Blog
  # Markdown to safe HTML: Redcarpet with the app's options, links opened in a new tab.
  class MarkdownRenderer
    def initialize(source)
      @source = source.to_s
    end

    def to_html
      renderer = Redcarpet::Render::HTML.new(filter_html: true, link_attributes: { target: "_blank" })
      Redcarpet::Markdown.new(renderer, MARKDOWN_OPTIONS).render(@source).html_safe
    end

    # The first paragraph as plain text, for previews and meta descriptions.
    def excerpt(length = 160)
      text = to_html.gsub(/<[^>]+>/, "").strip
      text.split("\n\n").first.to_s.truncate(length)
    end
  end
end
