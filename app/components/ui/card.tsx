/** Cards: their own classes are in app.css (`@layer components`), so a caller's utility wins (decision 0223). */
import { cn } from "./cn";

export function Card({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("card", className)} {...props} />;
}

export function CardHeader({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("card-header", className)} {...props} />;
}

export function CardTitle({ className, ...props }: React.HTMLAttributes<HTMLHeadingElement>) {
  return <h2 className={cn("card-title", className)} {...props} />;
}

export function CardContent({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("card-content", className)} {...props} />;
}

/** A card with a title in its header and `children` as its content. */
export function TitledCard({
  title,
  className,
  children,
}: {
  title: React.ReactNode;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** A titled card of facts: `facts` are the description list's terms and details; `children` follow the list. */
export function FactsCard({
  title,
  facts,
  children,
}: {
  title: string;
  facts: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <TitledCard title={title}>
      <dl className="space-y-3 text-sm">{facts}</dl>
      {children}
    </TitledCard>
  );
}
